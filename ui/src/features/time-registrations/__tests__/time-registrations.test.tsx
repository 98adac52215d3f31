import '@/testing/english';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderOperator } from '@/testing/render-operator';

const rows = [
  { id: 'tr-1', ticket_id: 't-1', ticket_reference: 'T-1000', ticket_description: 'Printer jams', contract_id: null, time_spent_rounded: 90, activity_id: 1, operator_id: 21, executed_at: '2026-11-22T09:00:00Z', description: 'Cleared the jam', invoice_id: null },
  { id: 'tr-2', ticket_id: 't-2', ticket_reference: 'T-1001', ticket_description: 'VPN', contract_id: null, time_spent_rounded: 15, activity_id: 1, operator_id: 22, executed_at: '2026-11-21T11:00:00Z', description: 'Phone call', invoice_id: 'inv-1' },
];

describe('time registrations', () => {
  it('lists every registration with its activity and operator by name, and takes back one not invoiced after confirming', async () => {
    let current = rows;
    const deleted: string[] = [];
    server.use(
      http.get('*/api/time-registrations', () => HttpResponse.json(current)),
      http.delete('*/api/time-registrations/:id', ({ params }) => {
        deleted.push(String(params.id));
        current = current.filter((r) => r.id !== params.id);
        return HttpResponse.json({ message: 'Item verwijderd.' });
      }),
    );
    renderOperator('/operator/time-registrations', ['time-registrations.index', 'time-registrations.destroy']);
    const first = (await screen.findByRole('link', { name: /^T-1000/ })).closest('tr') as HTMLElement;
    expect(first).toHaveTextContent('01:30');
    expect(first).toHaveTextContent('Support');
    expect(first).toHaveTextContent('Olga Operator');
    expect(first).toHaveTextContent('Not invoiced');
    const second = screen.getByRole('link', { name: /^T-1001/ }).closest('tr') as HTMLElement;
    expect(within(second).getByRole('link', { name: 'On an invoice' })).toHaveAttribute('href', '/operator/invoices/inv-1');
    expect(within(second).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(document.body.textContent).not.toMatch(/activity_id|operator_id|\b21\b/);

    await userEvent.click(within(first).getByRole('button', { name: 'Delete T-1000 01:30' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Do you really want to delete this?' })).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(deleted).toEqual(['tr-1']));
    await waitFor(() => expect(screen.queryByRole('link', { name: /^T-1000/ })).toBeNull());
  });

  it('opens a registration from the list and changes it: only the changed fields, with the version it was loaded at', async () => {
    let current = { ...rows[0], version: 3 };
    const sent: unknown[] = [];
    server.use(
      http.get('*/api/time-registrations', () => HttpResponse.json(rows)),
      http.get('*/api/time-registrations/:id', () => HttpResponse.json(current)),
      http.put('*/api/time-registrations/:id', async ({ request }) => {
        const body = (await request.json()) as { minutes?: number; description?: string };
        sent.push(body);
        current = { ...current, time_spent_rounded: body.minutes ?? current.time_spent_rounded, description: body.description ?? current.description, version: 4 };
        return HttpResponse.json(current);
      }),
    );
    const { router } = renderOperator('/operator/time-registrations', ['time-registrations.index', 'time-registrations.update']);
    await userEvent.click(await screen.findByRole('link', { name: 'Open T-1000 01:30' }));
    expect(await screen.findByRole('heading', { name: 'Time registration T-1000 01:30' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/operator/time-registrations/tr-1');
    const form = screen.getByRole('form', { name: 'Change time registration' });
    expect(within(form).getByLabelText('Description')).toHaveValue('Cleared the jam');
    expect(within(form).getByLabelText('Activity')).toHaveValue('1');

    const time = within(form).getByLabelText(/Time spent/);
    await userEvent.clear(time);
    await userEvent.tab();
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Time spent is required')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await userEvent.type(time, '2:15');
    await userEvent.tab();
    await userEvent.clear(within(form).getByLabelText('Description'));
    await userEvent.type(within(form).getByLabelText('Description'), 'Replaced the roller');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toEqual([{ minutes: 135, description: 'Replaced the roller', version: 3 }]));
    expect(await screen.findByRole('heading', { name: 'Time registration T-1000 02:15' })).toBeInTheDocument();
  });

  it('shows the contract the time is booked on and who spent it, and changes both (SPEC §3.1)', async () => {
    let current: Omit<(typeof rows)[0], 'contract_id' | 'operator_id'> & { contract_id: string | null; operator_id: string; version: number } = { ...rows[0], contract_id: 'c-1', operator_id: '21', version: 5 };
    const sent: unknown[] = [];
    server.use(
      http.get('*/api/time-registrations/:id', () => HttpResponse.json(current)),
      http.get('*/api/lookups/contracts/c-1', () => HttpResponse.json({ id: 'c-1', label: 'Support 2026' })),
      http.put('*/api/time-registrations/:id', async ({ request }) => {
        const body = (await request.json()) as { operator_id?: string; contract_id?: string | null };
        sent.push(body);
        current = { ...current, operator_id: body.operator_id ?? current.operator_id, contract_id: body.contract_id === undefined ? current.contract_id : body.contract_id, version: 6 };
        return HttpResponse.json(current);
      }),
    );
    renderOperator('/operator/time-registrations/tr-1', ['time-registrations.index', 'time-registrations.update']);
    const form = await screen.findByRole('form', { name: 'Change time registration' });
    expect(await within(form).findByText('Support 2026')).toBeInTheDocument();
    const operator = within(form).getByLabelText('Operator');
    expect(operator).toHaveValue('21');
    expect(within(operator).getByRole('option', { name: 'Otto Second' })).toBeInTheDocument();

    await userEvent.selectOptions(operator, 'Otto Second');
    await userEvent.click(within(form).getByRole('button', { name: 'Delete Support 2026' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toEqual([{ contract_id: null, operator_id: '22', version: 5 }]));
  });

  it('shows time on an invoice without letting it change, in Dutch and German', async () => {
    server.use(http.get('*/api/time-registrations/:id', () => HttpResponse.json({ ...rows[1], version: 1 })));
    for (const [language, heading, note] of [
      ['nl', 'Tijdregistratie T-1001 00:15', 'Tijd op een factuur wijzigt u pas als hij van de factuur is gehaald.'],
      ['de', 'Zeiterfassung T-1001 00:15', 'Zeit auf einer Rechnung ändern Sie erst, wenn sie von der Rechnung genommen ist.'],
    ]) {
      localStorage.setItem('APP_LANGUAGE', language);
      const { unmount } = renderOperator('/operator/time-registrations/tr-2', ['time-registrations.index', 'time-registrations.update']);
      expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
      expect(screen.getByText(note)).toBeInTheDocument();
      expect(screen.getByRole('group')).toBeDisabled();
      unmount();
    }
  });

  it('says so when the registration is not found', async () => {
    server.use(http.get('*/api/time-registrations/:id', () => HttpResponse.json({ message: 'Not found.' }, { status: 404 })));
    renderOperator('/operator/time-registrations/nope', ['time-registrations.index']);
    expect(await screen.findByText('The time registration could not be loaded.')).toBeInTheDocument();
  });
});
