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
    const first = (await screen.findByRole('link', { name: /T-1000/ })).closest('tr') as HTMLElement;
    expect(first).toHaveTextContent('01:30');
    expect(first).toHaveTextContent('Support');
    expect(first).toHaveTextContent('Olga Operator');
    expect(first).toHaveTextContent('Not invoiced');
    const second = screen.getByRole('link', { name: /T-1001/ }).closest('tr') as HTMLElement;
    expect(within(second).getByRole('link', { name: 'On an invoice' })).toHaveAttribute('href', '/operator/invoices/inv-1');
    expect(within(second).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(document.body.textContent).not.toMatch(/activity_id|operator_id|\b21\b/);

    await userEvent.click(within(first).getByRole('button', { name: 'Delete T-1000 01:30' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Do you really want to delete this?' })).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(deleted).toEqual(['tr-1']));
    await waitFor(() => expect(screen.queryByRole('link', { name: /T-1000/ })).toBeNull());
  });
});
