import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { Message } from '@/types/models';
import { safeHref, textParts } from '@/lib/linkify';
import { MessageThread } from '../message-thread';
import { messageFormat, PlainText } from '../plain-text';

const fromClient = (text: string, extra: Partial<Message> = {}): Message => ({
  id: '7',
  message: text,
  format: 'text',
  type: 'reply',
  is_from_client: true,
  visible_to_client: true,
  created_at: '2026-11-19T08:00:00Z',
  actor: { id: '3', full_name: 'Carla Client', first_name: 'Carla', last_name: 'Client', acronym: 'CC', is_operator: 0, gravatar: '' },
  attachments: [],
  ...extra,
});

describe("a client's text", () => {
  it('shows markup as text: no script, no image, no frame', () => {
    const text = '<script>window.__xss=1</script>\n<img src=x onerror="window.__xss=1"><svg onload="x()"></svg><iframe src="https://evil.example/"></iframe>';
    const { container } = render(<MemoryRouter><MessageThread messages={[fromClient(text)]} emptyText="None" title="Messages" /></MemoryRouter>);
    expect(container.querySelector('script, img, svg, iframe')).toBeNull();
    const body = container.querySelector('.message-text');
    expect(body?.textContent).toBe(text);
    expect(body).toHaveStyle({ whiteSpace: 'pre-wrap' });
  });

  it('makes http(s) and mail addresses links, and leaves javascript: as text', () => {
    render(<PlainText text={'See https://example.com/a?b=1 or www.example.org, mail help@example.com\njavascript:alert(1) <a href="javascript:alert(2)">x</a>'} />);
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.com/a?b=1', 'https://www.example.org/', 'mailto:help@example.com']);
    for (const a of links) expect(a).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(screen.getByText(/javascript:alert\(1\)/)).toBeInTheDocument();
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it('only ever builds http, https and mailto hrefs', () => {
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,<script>x</script>')).toBeNull();
    expect(safeHref('http://example.com')).toBe('http://example.com/');
    expect(textParts('ftp://example.com/file').every((p) => p.kind === 'text')).toBe(true);
    expect(textParts('a\nb')).toEqual([{ kind: 'text', text: 'a\nb' }]);
  });

  it('reads a message without a format as text when a client wrote it', () => {
    expect(messageFormat({ is_from_client: 1 })).toBe('text');
    expect(messageFormat({ is_from_client: 0 })).toBe('html');
    expect(messageFormat({ is_from_client: 1, format: 'html' })).toBe('html');
    const { container } = render(
      <MemoryRouter>
        <MessageThread messages={[fromClient('<img src=x onerror="window.__xss=1">', { format: undefined })]} emptyText="None" title="Messages" />
      </MemoryRouter>,
    );
    expect(container.querySelector('img, iframe')).toBeNull();
  });

  it("shows an operator's HTML in a sandboxed frame without scripts", () => {
    const html = fromClient('<p>Fixed</p>', { id: '8', format: 'html', is_from_client: false });
    render(<MemoryRouter><MessageThread messages={[html]} emptyText="None" title="Messages" /></MemoryRouter>);
    const frame = screen.getByTitle('Messages 8');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-scripts');
    expect(frame.getAttribute('srcdoc')).toContain('<p>Fixed</p>');
  });
});
