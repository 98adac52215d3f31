import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { authStorage } from '@/lib/auth-storage';
import { renderApp, renderWithProviders, signedIn } from '@/testing/test-utils';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { useSession } from '@/lib/session';
import * as data from '@/testing/mocks/data';
import { lookupLabel, translateLookups, useLookupLabel } from '..';
import { lookupsDe, lookupsNl } from '../lookups';

const lookups = {
  ...data.me.lookups,
  ticket_statuses: [{ id: 2, label: 'Waiting for reply', name: 'Waiting for reply', name_client: 'Waiting for you', style: 'warning', style_client: 'warning', type: 4 }],
  priorities: [{ id: 1, label: 'Low' }, { id: 4, label: 'Urgent' }],
  contract_periods: [{ id: 1, label: 'month', value: 'month' }],
  categories: [{ id: 1, label: 'Network' }],
};

function Labels() {
  const { lookups: shown } = useSession();
  const label = useLookupLabel();
  return (
    <>
      <LanguageSwitch />
      <ul aria-label="priorities">
        {shown?.priorities.map((p) => <li key={p.id}>{p.label}</li>)}
      </ul>
      <p>{label('Closed')}</p>
    </>
  );
}

describe('lookup labels', () => {
  it('exist in Dutch and German alike', () => {
    expect(Object.keys(lookupsDe).sort()).toEqual(Object.keys(lookupsNl).sort());
  });

  it('read statuses, priorities and periods in the language; a tenant’s own labels stay', () => {
    const nl = translateLookups(lookups, 'nl') as typeof lookups;
    expect(nl.ticket_statuses[0]).toMatchObject({ id: 2, label: 'Wacht op antwoord', name: 'Wacht op antwoord', name_client: 'Wacht op jou', style: 'warning' });
    expect(nl.priorities.map((p) => p.label)).toEqual(['Laag', 'Urgent']);
    expect(nl.contract_periods[0]).toEqual({ id: 1, label: 'Maand', value: 'month' });
    expect(nl.categories[0].label).toBe('Network');
    expect((translateLookups(lookups, 'de') as typeof lookups).contract_periods[0].label).toBe('Monat');
    expect((translateLookups(lookups, 'en') as typeof lookups).contract_periods[0].label).toBe('Month');
    expect(lookupLabel('Waiting for reply', 'en')).toBe('Waiting for reply');
    expect(lookupLabel('Some custom status', 'nl')).toBe('Some custom status');
  });

  it('follow the language chosen in the shell', async () => {
    renderWithProviders(<Labels />, { session: { ...signedIn(), lookups: lookups as never } });
    expect(screen.getByRole('list', { name: 'priorities' })).toHaveTextContent('LaagUrgent');
    expect(screen.getByText('Gesloten')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Taal'), 'de');
    expect(screen.getByRole('list', { name: 'priorities' })).toHaveTextContent('NiedrigDringend');
    expect(screen.getByText('Geschlossen')).toBeInTheDocument();
  });

  it('show a row\'s status in Dutch in the portal ticket list', async () => {
    const row = { ...data.tickets[0], status: { ...data.tickets[0].status, name_client: 'Waiting for you' } };
    server.use(http.get('*/api/tickets', () => HttpResponse.json({ data: [row], from: 1, to: 1, total: 1, per_page: 15, current_page: 1, last_page: 1 })));
    authStorage.setSession('access', 'refresh');
    renderApp('/tickets', signedIn());
    expect((await screen.findAllByText('Wacht op jou')).length).toBeGreaterThan(0);
    expect(screen.queryByText('Waiting for you')).not.toBeInTheDocument();
  });
});
