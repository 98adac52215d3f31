// The operator side in Dutch (the default) and German; no English setup here.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';
import { describeError } from '@/lib/errors';
import { nl } from '@/lib/i18n/operator/nl';
import { de } from '@/lib/i18n/operator/de';
import { fixedT, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { page, renderOperator } from '@/testing/render-operator';
import { SettingList } from '@/components/form/setting-list';
import { searchHint } from '@/components/filters/search-select';

const invoice = {
  id: 9,
  external_id: null,
  status: 1,
  date: '2026-11-01',
  total: 150,
  company: { id: 3, name: 'Acme BV' },
  lines: [{ id: 2, description: 'Vaste vergoeding', quantity: 1, price: 0, total: 0, source: null }],
};

describe('operator texts', () => {
  it('exist in Dutch and German for every key, none empty', () => {
    expect(Object.keys(de).sort()).toEqual(Object.keys(nl).sort());
    for (const dict of [nl, de]) for (const value of Object.values(dict)) expect(value.trim()).not.toBe('');
  });

  it('give the SPEC §8 texts in Dutch and the confirmation question in English', () => {
    const inDutch = fixedT('nl', 'operator');
    expect(inDutch('Item updated.')).toBe('Item bijgewerkt.');
    expect(inDutch('Item deleted.')).toBe('Item verwijderd.');
    expect(inDutch('Line added to draft invoice.')).toBe('Regel toegevoegd aan conceptfactuur.');
    expect(inDutch('Line removed from draft invoice.')).toBe('Regel verwijderd van conceptfactuur.');
    expect(fixedT('en', 'operator')('Do you really want to delete this?')).toBe('Do you really want to delete this?');
    expect(fixedT('de', 'operator')('Tabelweergaven')).toBe('Tabelweergaven');
    expect(describeError(401, { message: 'You cannot have multiple login sessions per account.' }, '')?.title).toMatch(/ergens anders ingelogd/);
  });

  it('fill parameters and fall back to English', () => {
    expect(searchHint('a', 2, fixedT('nl', 'operator'))).toBe('typ nog 1 letter');
    expect(searchHint('', 3, fixedT('de', 'operator'))).toBe('tippen zum Suchen');
    expect(searchHint('a', 3, fixedT('nl', 'operator'))).toBe('typ nog 2 letters');
    expect(fixedT('en', 'operator')('{from}-{to} of {total}', { from: 1, to: 15, total: 40 })).toBe('1-15 of 40');
  });

  it('say "about" before a list total the server estimated for a search', async () => {
    const contracts = [{ id: 'c1', name: 'Support', company: { id: 'co1', name: 'Acme BV' }, client: null, period: null, minutes_remaining: 60 }];
    server.use(http.get('*/api/contracts', () => HttpResponse.json({ ...page(contracts), total: 7000, total_is_estimate: true })));
    renderOperator('/operator/contracts', ['contracts.index']);
    expect(await screen.findByText('1-1 van ongeveer 7000')).toBeInTheDocument();
  });

  it('show the operator screens in Dutch by default: tabs, toasts and the delete question', async () => {
    const calls: string[] = [];
    server.use(
      http.get('*/api/invoices/:id', () => HttpResponse.json(invoice)),
      http.post('*/api/invoices/:id/lines', () => {
        calls.push('add');
        return HttpResponse.json({ ...invoice, message: 'Regel toegevoegd aan conceptfactuur.' }, { status: 201 });
      }),
      http.delete('*/api/invoices/:id/lines/:line', () => {
        calls.push('remove');
        return HttpResponse.json({ ...invoice, message: 'Regel verwijderd van conceptfactuur.' });
      }),
    );
    renderOperator('/operator/invoices/9', ['invoices.index', 'tickets.index']);
    expect(await screen.findByRole('heading', { name: 'Conceptfactuur Factuur' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Operatornavigatie' });
    expect(within(nav).getByRole('link', { name: 'Facturen' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Een regel toevoegen' });
    await userEvent.type(within(form).getByLabelText('Omschrijving'), 'Installatie');
    await userEvent.type(within(form).getByLabelText('Prijs'), '95,5');
    await userEvent.click(within(form).getByRole('button', { name: 'Regel toevoegen' }));
    expect(await screen.findByText('Regel toegevoegd aan conceptfactuur.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Vaste vergoeding verwijderen' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Weet je zeker dat je dit wilt verwijderen?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ja' }));
    expect(await screen.findByText('Regel verwijderd van conceptfactuur.')).toBeInTheDocument();
    expect(calls).toEqual(['add', 'remove']);
  });

  it("say 'Item bijgewerkt.' and 'Item verwijderd.' on a setting list in Dutch", async () => {
    server.use(
      http.get('*/api/priorities', () => HttpResponse.json(page([{ id: 1, label: 'Laag', order: 1, is_default: false }]))),
      http.put('*/api/priorities/:id', () => HttpResponse.json({})),
      http.delete('*/api/priorities/:id', () => HttpResponse.json({ message: 'Item verwijderd.' })),
    );
    renderWithProviders(<SettingList route="priorities" title="Prioriteiten" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Als standaard instellen Laag' }));
    expect(await screen.findByText('Item bijgewerkt.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Verwijderen Laag' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ja' }));
    expect(await screen.findByText('Item verwijderd.')).toBeInTheDocument();
  });

  it('switch to German with the portal language', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
    server.use(http.get('*/api/invoices', () => HttpResponse.json(page([]))));
    renderOperator('/operator/invoices', ['invoices.index']);
    expect(await screen.findByRole('heading', { name: 'Rechnungen' })).toBeInTheDocument();
    expect(await screen.findByText('Keine Rechnungen gefunden.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aktualisieren' })).toBeInTheDocument();
  });
});
