import '@/testing/english';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderOperator } from '@/testing/render-operator';

const ALL = ['tickets.index', 'tickets.show', 'tickets.store', 'tickets.update', 'tickets.destroy', 'messages.store'];

const ticket = {
  id: 't1',
  reference: 'T-1000',
  description: 'Printer jammed',
  status_id: 1,
  status: { id: 1, name: 'Open', style: 'info' },
  priority: null,
  company: { id: 'c3', name: 'Acme BV', archived_at: null },
  client: { id: 'u7', full_name: 'Carla Client', email: 'carla@acme.test' },
  is_template: false,
  deleted: false,
  version: 2,
  messages: [],
};

describe('ticket create', () => {
  it('needs a description, then opens the ticket with the chosen company, client and status', async () => {
    let body: Record<string, unknown> | null = null;
    const searches: string[] = [];
    server.use(
      http.get('*/api/lookups/:name', ({ params, request }) => {
        searches.push(`${String(params.name)}${new URL(request.url).search}`);
        return HttpResponse.json(params.name === 'companies' ? [{ id: 'c3', name: 'Acme BV' }] : [{ id: 'u7', full_name: 'Carla Client' }]);
      }),
      http.post('*/api/tickets/open', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...ticket, id: 't9', reference: 'T-1009' }, { status: 201 });
      }),
      http.get('*/api/tickets/:id/edit', ({ params }) => HttpResponse.json({ ...ticket, id: params.id, reference: 'T-1009' })),
    );
    const { router } = renderOperator('/operator/tickets/create', ALL);
    const form = await screen.findByRole('form', { name: 'New ticket' });
    await userEvent.click(within(form).getByRole('button', { name: 'Create ticket' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Description is required');
    expect(body).toBeNull();

    await userEvent.type(within(form).getByLabelText(/Description/), 'Phone lost');
    await userEvent.type(within(form).getByRole('combobox', { name: 'Company' }), 'Ac');
    await userEvent.click(await within(form).findByRole('option', { name: 'Acme BV' }));
    await userEvent.type(within(form).getByRole('combobox', { name: 'Client' }), 'Ca');
    await userEvent.click(await within(form).findByRole('option', { name: 'Carla Client' }));
    await userEvent.selectOptions(within(form).getByLabelText('Status'), 'Closed');
    await userEvent.click(within(form).getByRole('button', { name: 'Create ticket' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/operator/tickets/t9'));
    expect(body).toEqual({ description: 'Phone lost', company_id: 'c3', client_id: 'u7', original_email_from: null, status_id: 2, priority_id: null });
    expect(searches).toEqual(['companies?search=Ac&archived_at=null', 'clients?search=Ca&company_id=c3']);
    expect(await screen.findByText('Ticket created')).toBeInTheDocument();
  });

  it('is offered on the queue only with tickets.store', async () => {
    server.use(http.get('*/api/tickets', () => HttpResponse.json({ data: [], from: null, to: null, total: 0, per_page: 15, current_page: 1, last_page: 1 })));
    const { unmount } = renderOperator('/operator/tickets', ALL);
    expect(await screen.findByRole('link', { name: 'New ticket' })).toHaveAttribute('href', '/operator/tickets/create');
    unmount();
    renderOperator('/operator/tickets', ['tickets.index']);
    await screen.findByRole('heading', { name: 'Tickets' });
    expect(screen.queryByRole('link', { name: 'New ticket' })).toBeNull();
  });
});

describe('ticket clone, delete and restore', () => {
  it('clones into a new ticket and opens it', async () => {
    let cloned = false;
    server.use(
      http.get('*/api/tickets/:id/edit', ({ params }) => HttpResponse.json(params.id === 't2' ? { ...ticket, id: 't2', reference: 'T-1002' } : ticket)),
      http.post('*/api/tickets/:id/clone', () => {
        cloned = true;
        return HttpResponse.json({ ...ticket, id: 't2', reference: 'T-1002' }, { status: 201 });
      }),
    );
    const { router } = renderOperator('/operator/tickets/t1', ALL);
    await screen.findByRole('heading', { name: 'T-1000 Ticket' });
    await userEvent.click(screen.getByRole('button', { name: 'Clone' }));
    expect(await screen.findByRole('heading', { name: 'T-1002 Ticket' })).toBeInTheDocument();
    expect(cloned).toBe(true);
    expect(router.state.location.pathname).toBe('/operator/tickets/t2');
  });

  it('deletes after confirmation, then restores from the bin', async () => {
    let current = { ...ticket };
    const calls: string[] = [];
    server.use(
      http.get('*/api/tickets/:id/edit', () => HttpResponse.json(current)),
      http.delete('*/api/tickets/:id', () => {
        calls.push('delete');
        current = { ...current, deleted: true };
        return HttpResponse.json({ message: 'Item verwijderd.' });
      }),
      http.post('*/api/tickets/:id/restore', () => {
        calls.push('restore');
        current = { ...current, deleted: false };
        return HttpResponse.json(current);
      }),
    );
    renderOperator('/operator/tickets/t1', ALL);
    await screen.findByRole('heading', { name: 'T-1000 Ticket' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Do you really want to delete this?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Item deleted.')).toBeInTheDocument();
    expect(await screen.findByText('This ticket is deleted.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clone' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Ticket restored')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('This ticket is deleted.')).toBeNull());
    expect(calls).toEqual(['delete', 'restore']);
  });
});
