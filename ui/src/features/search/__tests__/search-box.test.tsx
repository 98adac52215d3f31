import '@/testing/english';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';
import { SearchBox } from '../components/search-box';
import { snippetParts } from '../components/snippet';

const ticket = {
  id: 't-1',
  kind: 'ticket',
  title: 'T-00012 Printer jams',
  snippet: 'the <mark>printer</mark> on floor 2',
  ticket_id: 't-1',
  message_id: null,
  url: '/tickets/t-1',
  score: 0.9,
  updated_at: '2026-11-26T09:00:00+00:00',
};
const message = {
  id: 'm-7',
  kind: 'message',
  title: 'T-00012 Printer jams',
  snippet: 'replaced the <mark>printer</mark> drum &lt;script&gt;alert(1)&lt;/script&gt; <b>bold</b> <img src=x onerror=alert(1)>',
  ticket_id: 't-1',
  message_id: 'm-7',
  url: '/tickets/t-1#message-m-7',
  score: 0.5,
  updated_at: '2026-11-25T09:00:00+00:00',
};
const company = { ...ticket, id: 'co-1', kind: 'company', title: 'Printer Partners', snippet: '<mark>Printer</mark> Partners', ticket_id: null, url: '/companies/co-1' };

/** The server's answer, whatever is asked; the questions are kept. */
function answering(groups: unknown[] = [
  { kind: 'ticket', results: [ticket] },
  { kind: 'message', results: [message] },
  { kind: 'company', results: [company] },
], wait = 0) {
  const asked: string[] = [];
  server.use(
    http.get('*/api/search', async ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('q') ?? '');
      if (wait) await delay(wait);
      return HttpResponse.json({ groups });
    }),
  );
  return asked;
}

const box = () => screen.getByRole('combobox', { name: 'Search everywhere' });

describe('SearchBox', () => {
  it('asks nothing below two characters and says how many letters remain', async () => {
    const asked = answering();
    renderWithProviders(<SearchBox audience="portal" />);
    await userEvent.type(box(), 'p');
    expect(await screen.findAllByText('Type 1 more letter to search')).not.toHaveLength(0);
    await new Promise((r) => setTimeout(r, 450));
    expect(asked).toEqual([]);
    await userEvent.clear(box());
    await userEvent.type(box(), '  p ');
    await new Promise((r) => setTimeout(r, 450));
    expect(asked).toEqual([]);
  });

  it('waits 300 ms after the last key and asks once for the whole text', async () => {
    const asked = answering();
    renderWithProviders(<SearchBox audience="portal" />);
    await userEvent.type(box(), 'pri');
    // typed at once: nothing asked before the debounce has passed
    expect(asked).toEqual([]);
    await new Promise((r) => setTimeout(r, 200));
    expect(asked).toEqual([]);
    await waitFor(() => expect(asked).toEqual(['pri']));
    await screen.findByRole('listbox');
    expect(asked).toEqual(['pri']);
  });

  it('shows the results grouped by kind, in the order given, each with its snippet and link', async () => {
    answering();
    renderWithProviders(<SearchBox audience="portal" />);
    await userEvent.type(box(), 'printer');
    const list = await screen.findByRole('listbox');
    const groups = within(list).getAllByRole('group');
    expect(groups.map((g) => g.getAttribute('aria-labelledby') && document.getElementById(g.getAttribute('aria-labelledby')!)?.textContent)).toEqual([
      'Tickets',
      'Messages',
      'Companies',
    ]);
    expect(within(groups[0]).getAllByRole('option')).toHaveLength(1);
    const reply = within(groups[1]).getByRole('option');
    expect(reply).toHaveAttribute('href', '/tickets/t-1#message-m-7');
    expect(within(groups[2]).getByRole('option')).toHaveAttribute('href', '/companies/co-1');
    expect(box()).toHaveAttribute('aria-expanded', 'true');
  });

  it('opens a result inside the workspace for an operator', async () => {
    answering();
    renderWithProviders(<SearchBox audience="operator" />);
    await userEvent.type(box(), 'printer');
    const list = await screen.findByRole('listbox');
    expect(within(list).getAllByRole('option')[1]).toHaveAttribute('href', '/operator/tickets/t-1#message-m-7');
  });

  it('renders only <mark> of a snippet: everything else stays text', async () => {
    answering();
    renderWithProviders(<SearchBox audience="portal" />);
    await userEvent.type(box(), 'printer');
    const list = await screen.findByRole('listbox');
    const reply = within(list).getAllByRole('option')[1];
    const snippet = reply.querySelector('.search-snippet')!;
    expect([...snippet.querySelectorAll('*')].map((e) => e.tagName)).toEqual(['MARK']);
    expect(snippet.querySelector('mark')).toHaveTextContent('printer');
    expect(snippet.textContent).toBe('replaced the printer drum <script>alert(1)</script> <b>bold</b> <img src=x onerror=alert(1)>');
    expect(list.querySelector('script, img, b')).toBeNull();
    expect(snippetParts('a &amp; <mark>b&lt;</mark>&#39;')).toEqual([
      { text: 'a & ', marked: false },
      { text: 'b<', marked: true },
      { text: "'", marked: false },
    ]);
  });

  it('moves with the arrow keys, opens with Enter, closes with Escape', async () => {
    answering();
    const { router } = renderWithProviders(<SearchBox audience="operator" />);
    await userEvent.type(box(), 'printer');
    const list = await screen.findByRole('listbox');
    const options = within(list).getAllByRole('option');
    await userEvent.keyboard('{ArrowDown}');
    expect(box()).toHaveAttribute('aria-activedescendant', options[0].id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}');
    expect(box()).toHaveAttribute('aria-activedescendant', options[1].id);
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(box()).toHaveAttribute('aria-activedescendant', options[2].id);
    await userEvent.keyboard('{Escape}');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(box()).not.toHaveAttribute('aria-activedescendant');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/operator/tickets/t-1');
    expect(router.state.location.hash).toBe('#message-m-7');
    expect(box()).toHaveValue('');
  });

  it('keeps the previous results while the next answer is on its way', async () => {
    answering(undefined, 600);
    renderWithProviders(<SearchBox audience="portal" />);
    await userEvent.type(box(), 'pri');
    const list = await screen.findByRole('listbox', {}, { timeout: 3000 });
    await userEvent.type(box(), 'n');
    await new Promise((r) => setTimeout(r, 450));
    // asked for 'prin' by now, not answered yet: the 'pri' results still show
    expect(within(list).getAllByRole('option')).toHaveLength(3);
  });

  it('says so when nothing is found', async () => {
    answering([]);
    renderWithProviders(<SearchBox audience="portal" />);
    await userEvent.type(box(), 'zebra');
    expect(await screen.findAllByText('Nothing found for “zebra”')).not.toHaveLength(0);
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });
});
