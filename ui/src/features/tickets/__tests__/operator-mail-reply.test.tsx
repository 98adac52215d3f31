import '@/testing/english';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderOperator, ticketDrawn } from '@/testing/render-operator';

// A ticket opened by mail: the client's message carries the mail's origin.
const ticket = {
  id: '1',
  reference: 'T-1000',
  description: 'Plotter prints blank pages',
  status_id: 1,
  status: { id: 1, name: 'Open', style: 'info' },
  priority: { id: 2, label: 'High', style: 'danger' },
  company: { id: 3, name: 'Acme BV', archived_at: null },
  client: { id: 7, full_name: 'Carla Client', email: 'carla@acme.test' },
  original_email_from: 'carla@acme.test',
  is_template: 0,
  due_at: null,
  updated_at: '2026-11-22T09:00:00Z',
  version: 4,
  messages: [
    {
      id: 11,
      message: 'The plotter prints blank pages.',
      format: 'text',
      type: 'message',
      is_from_client: 1,
      visible_to_client: 1,
      created_at: '2026-11-22T08:00:00Z',
      actor: { id: 7, full_name: 'Carla Client', is_operator: 0 },
      original_email_from: 'carla@acme.test',
      email_to: ['support@demo.localhost'],
      email_cc: ['boss@acme.test'],
      email_date: '2026-11-22T07:59:00Z',
    },
    { id: 12, message: '<p>Typed in the desk.</p>', type: 'message', is_from_client: 0, visible_to_client: 1, created_at: '2026-11-22T08:10:00Z', actor: { id: 21, full_name: 'Olga Operator', is_operator: 1 } },
  ],
};

function serve(answer?: () => Response) {
  const posts: Record<string, FormDataEntryValue>[] = [];
  server.use(
    http.get('*/api/tickets/:id/edit', () => HttpResponse.json(ticket)),
    http.post('*/api/messages/store', async ({ request }) => {
      posts.push(Object.fromEntries((await request.formData()).entries()));
      return answer ? answer() : HttpResponse.json({ id: 13 }, { status: 201 });
    }),
  );
  return posts;
}

function write(text: string) {
  const editor = screen.getByRole('textbox', { name: 'Message' });
  editor.innerHTML = `<p>${text}</p>`;
  fireEvent.input(editor);
}

describe('a ticket that came by mail', () => {
  it("shows the mail's from, to, cc and date on the mailed message only", async () => {
    serve();
    const { container } = renderOperator('/operator/tickets/1', ['messages.store']);
    await ticketDrawn('T-1000 Ticket');
    await waitFor(() => expect(container.querySelectorAll('dl.mail-origin')).toHaveLength(1));
    const origin = container.querySelector('#message-11 dl.mail-origin') as HTMLElement;
    expect(within(origin).getByText('carla@acme.test')).toBeInTheDocument();
    expect(within(origin).getByText('support@demo.localhost')).toBeInTheDocument();
    expect(within(origin).getByText('boss@acme.test')).toBeInTheDocument();
    expect(origin.querySelector('time')).toHaveAttribute('datetime', '2026-11-22T07:59:00Z');
  });

  it('sends a reply also to the typed to, cc and bcc, and clears them after', async () => {
    const posts = serve();
    renderOperator('/operator/tickets/1', ['messages.store']);
    await ticketDrawn('T-1000 Ticket');
    write('Switch it off and on');
    await userEvent.click(screen.getByText('Also to'));
    await userEvent.type(screen.getByLabelText('To'), 'IT@acme.test');
    await userEvent.type(screen.getByLabelText('Cc'), 'boss@acme.test, office@acme.test');
    await userEvent.type(screen.getByLabelText('Bcc'), 'archive@desk.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Message sent')).toBeInTheDocument();
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ visible_to_client: '1', to: 'it@acme.test', cc: 'boss@acme.test,office@acme.test', bcc: 'archive@desk.test' });
    await waitFor(() => expect(screen.getByLabelText('Cc')).toHaveValue(''));
  });

  it('does not send with an address that is none, nor a note with addresses', async () => {
    const posts = serve();
    renderOperator('/operator/tickets/1', ['messages.store']);
    await ticketDrawn('T-1000 Ticket');
    write('Hello');
    await userEvent.click(screen.getByText('Also to'));
    await userEvent.type(screen.getByLabelText('Cc'), 'boss@acme');
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Cc: boss@acme is not a valid e-mail address')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Cc'));
    await userEvent.type(screen.getByLabelText('To'), 'it@acme.test');
    await userEvent.click(screen.getByRole('button', { name: 'Add internal note' }));
    expect(await screen.findByText('A note goes to no one: clear the addresses or send a reply.')).toBeInTheDocument();
    expect(posts).toEqual([]);
    await userEvent.clear(screen.getByLabelText('To'));
    await userEvent.click(screen.getByRole('button', { name: 'Add internal note' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ visible_to_client: '0' });
    expect(posts[0]).not.toHaveProperty('to');
  });

  it("shows the API's refusal of an address under its field", async () => {
    serve(() => HttpResponse.json({ message: 'The given data was invalid.', errors: { bcc: ['The bcc field holds an invalid address.'] } }, { status: 422 }));
    renderOperator('/operator/tickets/1', ['messages.store']);
    await ticketDrawn('T-1000 Ticket');
    write('Hello');
    await userEvent.click(screen.getByText('Also to'));
    await userEvent.type(screen.getByLabelText('Bcc'), 'x@y.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Bcc is invalid')).toBeInTheDocument();
    expect(screen.queryByText('Message sent')).toBeNull();
  });
});
