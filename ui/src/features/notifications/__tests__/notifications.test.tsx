import '@/testing/english';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderOperator } from '@/testing/render-operator';
import { notificationPath } from '../components/operator/notifications-page';

const ticketId = '0d7b6a52-1111-4e2f-9a1b-3c4d5e6f7a8b';
const messageId = '5f0e2a10-2222-4c3d-8e9f-0a1b2c3d4e5f';
const mention = {
  id: 'n1',
  kind: 'mention',
  text: 'Otto Second mentioned you on T-0042',
  actor_id: 22,
  message_id: messageId,
  morphable_type: 'Ticket',
  morphable_id: ticketId,
  created_at: new Date().toISOString(),
  read_at: null as string | null,
};

describe('mentions inbox', () => {
  it('links a mention to its message on the ticket', () => {
    expect(notificationPath(mention)).toBe(`/operator/tickets/${ticketId}#message-${messageId}`);
    expect(notificationPath({ ...mention, morphable_type: null, morphable_id: null })).toBeNull();
  });

  it('counts unread mentions on the tab, lists them and marks one read', async () => {
    let read = false;
    server.use(
      http.get('*/api/notifications', ({ request }) => {
        const unreadOnly = new URL(request.url).searchParams.get('unread') === 'true';
        const row = { ...mention, read_at: read ? '2026-11-22T10:00:00Z' : null };
        return HttpResponse.json(unreadOnly && read ? [] : [row]);
      }),
      http.put('*/api/notifications/:id/read', ({ params }) => {
        read = params.id === 'n1';
        return HttpResponse.json({});
      }),
      http.get('*/api/tickets', () => HttpResponse.json({ data: [], from: null, to: null, total: 0, per_page: 15, current_page: 1, last_page: 1 })),
    );
    renderOperator('/operator/mentions', ['messages.index']);
    const nav = screen.getByRole('navigation', { name: 'Operator navigation' });
    expect(await within(nav).findByLabelText('1 unread')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Mentions' });
    const item = within(list).getByRole('listitem');
    expect(item).toHaveClass('unread');
    expect(within(item).getByRole('link', { name: mention.text })).toHaveAttribute('href', `/operator/tickets/${ticketId}#message-${messageId}`);
    await userEvent.click(within(item).getByRole('button', { name: `Mark as read: ${mention.text}` }));
    await waitFor(() => expect(read).toBe(true));
    await waitFor(() => expect(within(nav).queryByLabelText('1 unread')).toBeNull());
    await waitFor(() => expect(within(list).getByRole('listitem')).not.toHaveClass('unread'));
  });

  it('says so when there are none', async () => {
    renderOperator('/operator/mentions', ['messages.index']);
    expect(await screen.findByText('No mentions yet.')).toBeInTheDocument();
  });
});
