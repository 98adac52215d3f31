import '@/testing/english';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within, fireEvent } from '@testing-library/react';
import { isoWithOffset } from '@/lib/format';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { page, renderOperator, ticketDrawn } from '@/testing/render-operator';

const ticket = {
  id: '1',
  reference: 'T-1000',
  description: 'Printer on the second floor is jammed again and again',
  status_id: 1,
  status: { id: 1, name: 'Open', style: 'info' },
  priority: { id: 2, label: 'High', style: 'danger' },
  company: { id: 3, name: 'Acme BV', archived_at: null },
  client: { id: 7, full_name: 'Carla Client', email: 'carla@acme.test' },
  original_email_from: null,
  is_template: 0,
  due_at: null,
  updated_at: '2026-11-22T09:00:00Z',
  version: 4,
  messages: [
    { id: 11, message: '<p>Jammed.</p>', type: 'message', is_from_client: 1, visible_to_client: 1, created_at: '2026-11-22T08:00:00Z', actor: { id: 7, full_name: 'Carla Client', is_operator: 0 } },
  ],
};

function serveTicket(overrides: Partial<typeof ticket> = {}) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  let current = { ...ticket, ...overrides };
  server.use(
    http.get('*/api/tickets/:id/edit', () => HttpResponse.json(current)),
    http.put('*/api/tickets/:id', async ({ request }) => {
      const body = (await request.json()) as { status_id?: number };
      calls.push({ method: 'PUT', path: new URL(request.url).pathname, body });
      if (body.status_id) current = { ...current, status_id: body.status_id, status: { id: 2, name: 'Closed', style: 'ok' } };
      return HttpResponse.json(current);
    }),
    http.post('*/api/messages/store', async ({ request }) => {
      const form = await request.formData();
      calls.push({ method: 'POST', path: '/api/messages/store', body: Object.fromEntries(form.entries()) });
      return HttpResponse.json({ id: 12 }, { status: 201 });
    }),
    http.post('*/api/time-registrations', async ({ request }) => {
      calls.push({ method: 'POST', path: '/api/time-registrations', body: await request.json() });
      return HttpResponse.json({ id: 31 }, { status: 201 });
    }),
  );
  return calls;
}

function write(text: string) {
  const editor = screen.getByRole('textbox', { name: 'Message' });
  editor.innerHTML = `<p>${text}</p>`;
  fireEvent.input(editor);
}

describe('ticket detail page', () => {
  it('changes the status with PUT /api/tickets/{id} {status_id} and says updated', async () => {
    const calls = serveTicket();
    renderOperator('/operator/tickets/1');
    expect(await screen.findByRole('heading', { name: 'T-1000 Ticket' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Closed');
    expect(await screen.findByText('updated')).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'PUT', path: '/api/tickets/1', body: { status_id: 2, version: 4 } }]);
  });

  it('shows the conflict when another operator saved first, and reloads the ticket', async () => {
    let reads = 0;
    server.use(
      http.get('*/api/tickets/:id/edit', () => {
        reads += 1;
        return HttpResponse.json(ticket);
      }),
      http.put('*/api/tickets/:id', () =>
        HttpResponse.json({ message: 'Someone else changed this ticket; reload and try again.' }, { status: 409 }),
      ),
    );
    renderOperator('/operator/tickets/1');
    await ticketDrawn('T-1000 Ticket');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Closed');
    expect(await screen.findByText('Someone else changed this ticket; reload and try again.')).toBeInTheDocument();
    await waitFor(() => expect(reads).toBe(2));
    expect(screen.queryByText('updated')).toBeNull();
    expect(screen.getByLabelText('Status')).toHaveValue('1');
  });

  it('sends a reply visible to the client and an internal note that is not', async () => {
    const calls = serveTicket();
    renderOperator('/operator/tickets/1', ['messages.store']);
    await ticketDrawn('T-1000 Ticket');
    write('On my way');
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Message sent')).toBeInTheDocument();
    write('Toner was empty');
    await userEvent.click(screen.getByRole('button', { name: 'Add internal note' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[0].body).toMatchObject({ message: '<p>On my way</p>', visible_to_client: '1', is_from_client: '0', morphable_type: 'Ticket', morphable_id: '1' });
    expect(calls[1].body).toMatchObject({ message: '<p>Toner was empty</p>', visible_to_client: '0' });
  });

  it('refuses an empty message under the editor and sends nothing; what is written then goes', async () => {
    const calls = serveTicket();
    renderOperator('/operator/tickets/1', ['messages.store']);
    await ticketDrawn('T-1000 Ticket');
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Message is required')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveAttribute('aria-invalid', 'true');
    write('<br>');
    await userEvent.click(screen.getByRole('button', { name: 'Add internal note' }));
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(calls).toEqual([]);
    write('Printer is back');
    await userEvent.click(screen.getByRole('button', { name: 'Add internal note' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].body).toMatchObject({ message: '<p>Printer is back</p>', visible_to_client: '0' });
    expect(screen.queryByText('Message is required')).toBeNull();
  });

  it('says an empty message is refused in Dutch', async () => {
    localStorage.setItem('APP_LANGUAGE', 'nl');
    serveTicket();
    renderOperator('/operator/tickets/1', ['messages.store']);
    await ticketDrawn('T-1000 Ticket');
    await userEvent.click(screen.getByRole('button', { name: 'Antwoord verzenden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Bericht is verplicht');
  });

  it('does not offer a client reply without an address or without messages.store', async () => {
    serveTicket({ client: { id: 7, full_name: 'Carla Client', email: '' }, original_email_from: null });
    renderOperator('/operator/tickets/1', ['messages.store']);
    await ticketDrawn('T-1000 Ticket');
    write('Hello');
    expect(screen.getByRole('button', { name: 'Send reply' })).toBeDisabled();
    expect(screen.getByText('This ticket has no client email address.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add internal note' })).toBeEnabled();
  });

  it('ends the sending state silently when the send fails', async () => {
    serveTicket();
    server.use(http.post('*/api/messages/store', () => HttpResponse.json({ message: 'Mail server down.' }, { status: 500 })));
    renderOperator('/operator/tickets/1', ['messages.store']);
    await ticketDrawn('T-1000 Ticket');
    write('Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send reply' })).toBeEnabled());
    expect(screen.queryByText('Mail server down.')).toBeNull();
    expect(screen.queryByText('Message sent')).toBeNull();
  });

  it('registers time in minutes with a 5-minute executed_at, booked on a contract of the company', async () => {
    const calls = serveTicket();
    const searches: string[] = [];
    server.use(
      http.get('*/api/lookups/contracts', ({ request }) => {
        searches.push(new URL(request.url).search);
        return HttpResponse.json([{ id: 'c9', name: 'Prepaid support hours' }]);
      }),
    );
    renderOperator('/operator/tickets/1');
    await ticketDrawn('T-1000 Ticket');
    const form = screen.getByRole('form', { name: 'Register time' });
    // who spent the time: the operator signed in, unless another is chosen
    expect(within(form).getByLabelText('Operator')).toHaveValue('21');
    await userEvent.type(within(form).getByLabelText('Time spent'), '1:30');
    const executedAt = within(form).getByLabelText('Executed at');
    await userEvent.clear(executedAt);
    await userEvent.type(executedAt, '22/11/2026 09:02');
    await userEvent.selectOptions(within(form).getByLabelText('Activity'), 'Support');
    await userEvent.type(within(form).getByLabelText('Description'), 'Cleared the jam');
    await userEvent.type(within(form).getByRole('combobox', { name: 'Contract' }), 'Pre');
    await userEvent.click(await within(form).findByRole('option', { name: 'Prepaid support hours' }));
    expect(searches).toEqual(['?search=Pre&company_id=3']);
    await userEvent.click(within(form).getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Time registered')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/time-registrations',
        // the picker sends the moment with its offset, on a 5-minute step
        body: { ticket_id: '1', time_spent: 90, executed_at: isoWithOffset(new Date(2026, 10, 22, 9, 0)), description: 'Cleared the jam', activity_id: 1, contract_id: 'c9', operator_id: '21' },
      },
    ]);
  });
});

describe('register time form', () => {
  it('needs the time spent, and shows the server\'s 422 under the field it names', async () => {
    serveTicket();
    let posts = 0;
    server.use(
      http.post('*/api/time-registrations', () => {
        posts += 1;
        return HttpResponse.json(
          { message: 'The given data was invalid.', errors: { executed_at: ['The executed_at field must carry a time zone.'] } },
          { status: 422 },
        );
      }),
    );
    renderOperator('/operator/tickets/1');
    await ticketDrawn('T-1000 Ticket');
    const form = screen.getByRole('form', { name: 'Register time' });
    expect(within(form).getByRole('button', { name: 'Register' })).toBeDisabled();
    await userEvent.type(within(form).getByLabelText('Time spent'), '45');
    await userEvent.type(within(form).getByLabelText('Description'), 'Call');
    await userEvent.click(within(form).getByRole('button', { name: 'Register' }));
    expect(await within(form).findByText('Executed at is not a valid date')).toBeInTheDocument();
    expect(posts).toBe(1);
    expect(within(form).getByLabelText('Description')).toHaveValue('Call');
  });
});

describe('ticket custom fields and time', () => {
  const customFields = [
    { name: 'asset_tag', title: 'Asset tag', type: 0, morphable_type: 'Ticket', order: 2, required: true },
    { name: 'floor', title: 'Floor', type: 1, morphable_type: 'Ticket', order: 1, options: [{ name: 'f1', label: 'First' }, { name: 'f2', label: 'Second' }] },
    { name: 'serial', title: 'Serial', type: 0, morphable_type: 'Asset', order: 1 },
  ];

  it('refuses an empty required field, then saves the values with the version', async () => {
    const calls = serveTicket({ custom_values: [{ custom_field: 'floor', value: 'f1' }], time_registrations: [{ id: 't1', time_spent_rounded: 45, executed_at: '2026-11-22T09:00:00Z', description: 'Diagnosis' }] } as never);
    renderOperator('/operator/tickets/1', ['messages.store'], {}, { custom_fields: customFields });
    const form = await screen.findByRole('form', { name: 'Custom fields' });
    expect(within(form).queryByLabelText('Serial')).toBeNull();
    expect(within(form).getByLabelText('Floor')).toHaveValue('f1');
    await userEvent.click(within(form).getByRole('button', { name: 'Save fields' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Asset tag is required');
    expect(calls).toEqual([]);
    await userEvent.type(within(form).getByLabelText(/Asset tag/), 'LAP-0042');
    await userEvent.click(within(form).getByRole('button', { name: 'Save fields' }));
    expect(await screen.findByText('updated')).toBeInTheDocument();
    expect(calls[0].body).toEqual({ custom_values: { floor: 'f1', asset_tag: 'LAP-0042' }, version: 4 });
    const time = screen.getByRole('table', { name: 'Registered time' });
    expect(within(time).getByText('00:45')).toBeInTheDocument();
    expect(within(time).getByText('Diagnosis')).toBeInTheDocument();
  });
});

describe('a ticket saved by two operators at once', () => {
  it('keeps the typed values through a 409, reloads the other change, and saves them on the new version', async () => {
    const customFields = [{ name: 'asset_tag', title: 'Asset tag', type: 0, morphable_type: 'Ticket', order: 1 }];
    let current = { ...ticket, version: 4, custom_values: [] as { custom_field: string; value: string }[] };
    const puts: unknown[] = [];
    server.use(
      http.get('*/api/tickets/:id/edit', () => HttpResponse.json(current)),
      http.put('*/api/tickets/:id', async ({ request }) => {
        const body = (await request.json()) as { version: number; custom_values: Record<string, string> };
        puts.push(body);
        if (body.version !== current.version) {
          return HttpResponse.json({ message: 'This record was changed by someone else while you edited it. Reload to see their change.' }, { status: 409 });
        }
        current = { ...current, version: current.version + 1, custom_values: [{ custom_field: 'asset_tag', value: body.custom_values.asset_tag }] };
        return HttpResponse.json(current);
      }),
    );
    renderOperator('/operator/tickets/1', ['messages.store'], {}, { custom_fields: customFields });
    const form = await screen.findByRole('form', { name: 'Custom fields' });
    // Meanwhile another operator closes the ticket: the version moves on.
    current = { ...current, version: 5, status_id: 2, status: { id: 2, name: 'Closed', style: 'ok' } };
    await userEvent.type(within(form).getByLabelText('Asset tag'), 'LAP-0042');
    await userEvent.click(within(form).getByRole('button', { name: 'Save fields' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('This record was changed by someone else');
    expect(within(form).getByRole('alert')).toHaveTextContent('Your values are kept here');
    // Their change shows, and what was typed is still there.
    await waitFor(() => expect(screen.getByLabelText('Status')).toHaveValue('2'));
    expect(within(form).getByLabelText('Asset tag')).toHaveValue('LAP-0042');
    await userEvent.click(within(form).getByRole('button', { name: 'Save fields' }));
    expect(await screen.findByText('updated')).toBeInTheDocument();
    expect(puts).toEqual([
      { custom_values: { asset_tag: 'LAP-0042' }, version: 4 },
      { custom_values: { asset_tag: 'LAP-0042' }, version: 5 },
    ]);
    await waitFor(() => expect(within(form).queryByRole('alert')).toBeNull());
    expect(current.status_id).toBe(2);
  });
});

describe('ticket queue', () => {
  it('lists tickets with cut descriptions and merges the selected ones', async () => {
    let merged: unknown = null;
    const seen: URL[] = [];
    server.use(
      http.get('*/api/tickets', ({ request }) => {
        seen.push(new URL(request.url));
        return HttpResponse.json(page([ticket, { ...ticket, id: '2', reference: 'T-1001' }]));
      }),
      http.post('*/api/tickets/merge', async ({ request }) => {
        merged = await request.json();
        return HttpResponse.json({ message: 'Merged.' });
      }),
    );
    renderOperator('/operator/tickets');
    expect(await screen.findByRole('link', { name: 'T-1000' })).toHaveAttribute('href', '/operator/tickets/1');
    expect(screen.getAllByText(`${ticket.description.slice(0, 50)}…`)).toHaveLength(2);
    expect(seen[0].searchParams.getAll('builder[orderBy][0][]')).toEqual(['updated_at', 'desc']);
    const merge = screen.getByRole('button', { name: 'Merge' });
    expect(merge).toBeDisabled();
    await userEvent.click(screen.getByLabelText('Select 1'));
    await userEvent.click(screen.getByLabelText('Select 2'));
    await userEvent.click(merge);
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Tickets merged')).toBeInTheDocument();
    expect(merged).toEqual({ ids: ['1', '2'] });
  });

  it('shows only the tabs whose {model}.index the operator holds', async () => {
    server.use(http.get('*/api/tickets', () => HttpResponse.json(page([ticket]))));
    renderOperator('/operator/tickets', ['tickets.index', 'invoices.index']);
    await screen.findByRole('link', { name: 'T-1000' });
    const nav = screen.getByRole('navigation', { name: 'Operator navigation' });
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['Tickets', 'Invoices', 'SLA report']);
  });

  it('sends a created date range typed as dd-mm-yyyy', async () => {
    const seen: URL[] = [];
    server.use(
      http.get('*/api/tickets', ({ request }) => {
        seen.push(new URL(request.url));
        return HttpResponse.json(page([ticket]));
      }),
    );
    renderOperator('/operator/tickets');
    await screen.findByRole('link', { name: 'T-1000' });
    const created = screen.getByRole('group', { name: 'Created' });
    await userEvent.type(within(created).getByLabelText('From (dd-mm-yyyy)'), '01-11-2026');
    await userEvent.type(within(created).getByLabelText('To (dd-mm-yyyy)'), '15-11-2026');
    await waitFor(() => {
      const last = seen[seen.length - 1].searchParams;
      expect(last.get('builder[whereBetween][0][0]')).toBe('created_at');
      expect(last.getAll('builder[whereBetween][0][1][]')).toEqual(['2026-11-01', '2026-11-15']);
    });
  });

  it('sends the SLA and (none) priority filters as builder parameters', async () => {
    const seen: URL[] = [];
    server.use(
      http.get('*/api/tickets', ({ request }) => {
        seen.push(new URL(request.url));
        return HttpResponse.json(page([ticket]));
      }),
    );
    renderOperator('/operator/tickets');
    await screen.findByRole('link', { name: 'T-1000' });
    await userEvent.click(screen.getByLabelText('Action required'));
    const priority = screen.getByRole('group', { name: 'Priority' });
    await userEvent.click(within(priority).getByLabelText('(none)'));
    await waitFor(() => {
      const last = seen[seen.length - 1].searchParams;
      expect(last.getAll('builder[where][0][]')).toEqual(['sla_remaining', 'action_required', '1']);
      expect(last.getAll('builder[whereNull][]')).toEqual(['priority_id']);
    });
  });
});
