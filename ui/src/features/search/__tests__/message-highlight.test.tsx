import '@/testing/english';
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { MessageThread } from '@/components/ui/message-thread';
import { renderWithProviders } from '@/testing/test-utils';
import type { Message } from '@/types/models';

const message = (id: string, text: string) =>
  ({ id, message: text, type: 'message', is_from_client: 0, created_at: '2026-11-26T09:00:00+00:00', actor: { full_name: 'Femke' }, attachments: [], data: null }) as unknown as Message;

describe('a search result opening a ticket at #message-{id}', () => {
  it('marks that message in the portal thread and scrolls to it', () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    renderWithProviders(<MessageThread messages={[message('m-1', 'first'), message('m-2', 'the printer reply')]} emptyText="none" title="Messages" />, {
      path: '/tickets/t-1#message-m-2',
    });
    const items = screen.getAllByRole('listitem');
    expect(items[1]).toHaveAttribute('id', 'message-m-2');
    expect(items[1]).toHaveClass('highlighted');
    expect(items[1]).toHaveAttribute('aria-current', 'true');
    expect(items[0]).not.toHaveClass('highlighted');
    expect(scrolled).toHaveBeenCalledWith({ block: 'center' });
    delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
  });
});
