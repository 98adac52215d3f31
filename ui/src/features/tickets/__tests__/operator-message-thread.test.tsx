import '@/testing/english';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { MessageThread } from '../components/operator/message-thread';
import { RelativeTime } from '@/components/display/relative-time';
import type { OperatorMessage } from '@/types/operator';

const messages: OperatorMessage[] = [
  {
    id: 1,
    message: '<p>The printer is jammed.</p>',
    type: 'message',
    is_from_client: 1,
    visible_to_client: 1,
    created_at: '2026-11-22T10:00:00Z',
    actor: { id: 7, full_name: 'Carla Client', is_operator: 0 },
  },
  {
    id: 2,
    message: '<p>Check the toner first.</p>',
    type: 'message',
    is_from_client: 0,
    visible_to_client: 0,
    created_at: '2026-11-22T10:05:00Z',
    actor: { id: 21, full_name: 'Olga Operator', is_operator: 1 },
  },
];

const thread = (path = '/operator/tickets/1') =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <MessageThread messages={messages} />
    </MemoryRouter>,
  );

afterEach(() => {
  vi.useRealTimers();
});

describe('message thread', () => {
  it('marks internal notes and leaves client-visible replies unmarked', () => {
    thread();
    const [reply, note] = screen.getAllByRole('listitem');
    expect(note).toHaveClass('internal-note');
    expect(within(note).getByText('Internal note')).toBeInTheDocument();
    expect(reply).not.toHaveClass('internal-note');
    expect(within(reply).queryByText('Internal note')).toBeNull();
    expect(within(note).getByText('Operator')).toBeInTheDocument();
  });

  it('shows HTML in a sandboxed frame without scripts, sized to its content plus 16', async () => {
    thread();
    const frame = (await screen.findByTitle('Message 2')) as HTMLIFrameElement;
    expect(frame).toHaveAttribute('sandbox', 'allow-same-origin allow-popups');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-scripts');
    expect(frame).toHaveAttribute('srcdoc', '<p>Check the toner first.</p>');
    Object.defineProperty(frame, 'contentDocument', {
      configurable: true,
      value: { documentElement: { scrollHeight: 120 }, body: { scrollHeight: 110 } },
    });
    fireEvent.load(frame);
    expect(frame.style.height).toBe('136px');
  });

  it("shows a client's message as text, never as HTML", () => {
    render(
      <MemoryRouter>
        <MessageThread
          messages={[{ ...messages[0], id: 3, format: 'text', message: '<img src=x onerror="window.__xss=1"> see https://example.com' }]}
        />
      </MemoryRouter>,
    );
    const item = screen.getByRole('listitem');
    expect(item.querySelector('img, iframe, script')).toBeNull();
    expect(item).toHaveTextContent('<img src=x onerror="window.__xss=1"> see https://example.com');
    expect(within(item).getByRole('link', { name: 'https://example.com' })).toHaveAttribute('href', 'https://example.com/');
  });

  it('highlights the message named by #message-{id}', () => {
    thread('/operator/tickets/1#message-2');
    const [first, second] = screen.getAllByRole('listitem');
    expect(second).toHaveClass('highlighted');
    expect(second).toHaveAttribute('aria-current', 'true');
    expect(first).not.toHaveClass('highlighted');
  });

  it('highlights a message whose id is a UUID', () => {
    const id = '5f0e2a10-2222-4c3d-8e9f-0a1b2c3d4e5f';
    render(
      <MemoryRouter initialEntries={[`/operator/tickets/1#message-${id}`]}>
        <MessageThread messages={[messages[0], { ...messages[1], id }]} />
      </MemoryRouter>,
    );
    const [first, second] = screen.getAllByRole('listitem');
    expect(second).toHaveClass('highlighted');
    expect(first).not.toHaveClass('highlighted');
  });
});

describe('relative time', () => {
  it('refreshes every 30 seconds', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
    render(<RelativeTime value="2026-11-22T09:59:40Z" />);
    expect(screen.getByText('20 seconds ago')).toBeInTheDocument();
    // The clock moves but nothing re-renders before the 30 s tick.
    act(() => {
      vi.setSystemTime(new Date('2026-11-22T10:02:00Z'));
      vi.advanceTimersByTime(29_000);
    });
    expect(screen.getByText('20 seconds ago')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    // 10:02:00 plus the 30 s the timers moved: 170 s after the message.
    expect(screen.getByText('3 minutes ago')).toBeInTheDocument();
  });
});
