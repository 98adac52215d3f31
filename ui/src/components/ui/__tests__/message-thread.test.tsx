import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { Message } from '@/types/models';
import { fitFrame, MessageThread } from '../message-thread';

const message: Message = {
  id: '5',
  message: '<p>Hello <script>alert(1)</script></p>',
  format: 'html',
  type: 'message',
  is_from_client: false,
  visible_to_client: true,
  created_at: '2026-11-19T08:00:00Z',
  actor: { id: '2', full_name: 'Olga Operator', first_name: 'Olga', last_name: 'Operator', acronym: 'OO', is_operator: 1, gravatar: '' },
  attachments: [{ id: '9', name: 'log.txt', url: '/api/attachments/9/tok', extension: 'txt', size: 10 }],
};

describe('message thread', () => {
  it('shows each message in a script-free frame, anchored as #message-{id}, with its attachments', () => {
    render(<MemoryRouter><MessageThread messages={[message]} emptyText="None" title="Messages" /></MemoryRouter>);
    const frame = screen.getByTitle('Messages 5');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-scripts');
    expect(frame.closest('li')).toHaveAttribute('id', 'message-5');
    expect(screen.getByRole('link', { name: 'log.txt' })).toHaveAttribute('href', '/api/attachments/9/tok');
    expect(screen.getByText('Olga Operator')).toBeInTheDocument();
  });

  it('shows a status change as text, not as an empty frame', () => {
    const changed: Message = { ...message, id: '6', message: '', type: 'status-changed', attachments: [], data: { status: { id: 2, name: 'Waiting for reply' } } };
    render(<MemoryRouter><MessageThread messages={[changed]} emptyText="None" title="Messages" statusChanged={(s) => `Status changed to ${s.name}`} /></MemoryRouter>);
    expect(screen.getByText('Status changed to Waiting for reply')).toBeInTheDocument();
    expect(screen.queryByTitle('Messages 6')).toBeNull();
  });

  it("shows where a client's mail came from (from, to, cc, date), never a bcc", () => {
    const mailed = {
      ...message,
      id: '7',
      message: 'The plotter prints blank pages.',
      format: 'text',
      is_from_client: true,
      original_email_from: 'anna@client.test',
      email_to: ['support@demo.localhost'],
      email_cc: ['boss@client.test'],
      email_date: '2026-11-19T07:58:00Z',
      bcc: ['hidden@client.test'],
    } as Message;
    const { container } = render(<MemoryRouter><MessageThread messages={[mailed, message]} emptyText="None" title="Messages" /></MemoryRouter>);
    const origins = container.querySelectorAll('dl.mail-origin');
    expect(origins).toHaveLength(1);
    expect(origins[0].closest('li')).toHaveAttribute('id', 'message-7');
    expect(origins[0]).toHaveTextContent('anna@client.test');
    expect(origins[0]).toHaveTextContent('support@demo.localhost');
    expect(origins[0]).toHaveTextContent('boss@client.test');
    expect(origins[0].querySelector('time')).toHaveAttribute('datetime', '2026-11-19T07:58:00Z');
    expect(container).not.toHaveTextContent('hidden@client.test');
  });

  it('says so when there are no messages', () => {
    render(<MemoryRouter><MessageThread messages={[]} emptyText="No messages yet." title="Messages" /></MemoryRouter>);
    expect(screen.getByText('No messages yet.')).toBeInTheDocument();
  });

  it('fits a frame to its content plus 16 px', () => {
    const frame = { contentDocument: { body: { scrollHeight: 100 } }, style: {} } as unknown as HTMLIFrameElement;
    fitFrame(frame);
    expect(frame.style.height).toBe('116px');
  });
});
