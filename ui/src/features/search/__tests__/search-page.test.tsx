import '@/testing/english';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';
import { SearchBox } from '../components/search-box';
import { SearchPage } from '../components/search-page';
import { searchPagePath } from '../components/search-path';

const result = (n: number, kind = 'message') => ({
  id: `m-${n}`,
  kind,
  title: `T-000${n} Printer jams`,
  snippet: `reply ${n}: the <mark>printer</mark> &lt;b&gt;drum`,
  ticket_id: 't-1',
  message_id: kind === 'message' ? `m-${n}` : null,
  url: kind === 'message' ? `/tickets/t-1#message-m-${n}` : `/tickets/t-${n}`,
  score: 1,
  updated_at: '2026-11-26T09:00:00+00:00',
});

/** The server: the grouped answer, or a page of messages (20 a page, 25 in all). */
function answering() {
  const asked: Record<string, string>[] = [];
  server.use(
    http.get('*/api/search', ({ request }) => {
      const params = Object.fromEntries(new URL(request.url).searchParams);
      asked.push(params);
      if (!params.page) {
        return HttpResponse.json({
          groups: [
            { kind: 'ticket', results: [result(1, 'ticket')] },
            { kind: 'message', results: [result(1)] },
          ],
        });
      }
      const page = Number(params.page);
      const size = Number(params.per_page);
      const kind = params.types;
      const total = kind === 'message' ? 25 : 1;
      const rows = Array.from({ length: total }, (_, i) => result(i + 1, kind)).slice((page - 1) * size, page * size);
      return HttpResponse.json({
        groups: rows.length ? [{ kind, results: rows }] : [],
        page,
        per_page: size,
        has_more: page * size < total,
      });
    }),
  );
  return asked;
}

describe('searchPagePath', () => {
  it('holds the text, and the kind and page when asked', () => {
    expect(searchPagePath('portal', ' printer jam ')).toBe('/search?q=printer+jam');
    expect(searchPagePath('operator', 'printer', 'message', 2)).toBe('/operator/search?q=printer&kind=message&page=2');
  });
});

describe('SearchPage', () => {
  it('lists the first kind with results a page at a time, each result with its snippet and link', async () => {
    const asked = answering();
    const { router } = renderWithProviders(<SearchPage audience="operator" />, { path: '/operator/search?q=printer&kind=message' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Search results' })).toBeInTheDocument();
    const kinds = await screen.findByRole('navigation', { name: 'Kinds of results' });
    expect(within(kinds).getByRole('link', { name: 'Messages' })).toHaveAttribute('aria-current', 'page');
    expect(within(kinds).getByRole('link', { name: 'Tickets' })).toHaveAttribute('href', '/operator/search?q=printer&kind=ticket');
    const list = await screen.findByRole('list', { name: 'Messages · page 1' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    const first = within(list).getAllByRole('link')[0];
    expect(first).toHaveAttribute('href', '/operator/tickets/t-1#message-m-1');
    // only <mark> of a snippet is markup
    const snippet = list.querySelector('.search-snippet')!;
    expect([...snippet.querySelectorAll('*')].map((e) => e.tagName)).toEqual(['MARK']);
    expect(snippet.textContent).toBe('reply 1: the printer <b>drum');
    expect(asked.find((p) => p.page)).toMatchObject({ q: 'printer', types: 'message', page: '1', per_page: '20' });

    const pages = screen.getByRole('navigation', { name: 'Pages of results' });
    expect(within(pages).queryByRole('link', { name: 'Previous page' })).toBeNull();
    await userEvent.click(within(pages).getByRole('link', { name: 'Next page' }));
    expect(router.state.location.search).toBe('?q=printer&kind=message&page=2');
    await waitFor(() => expect(document.querySelectorAll('ol li')).toHaveLength(5));
    expect(document.querySelector('ol')).toHaveAttribute('start', '21');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Messages · page 2');
    expect(screen.queryByRole('link', { name: 'Next page' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/operator/search?q=printer&kind=message');
  });

  it('takes the first kind with results when none is asked, and opens portal links outside the workspace', async () => {
    const asked = answering();
    renderWithProviders(<SearchPage audience="portal" />, { path: '/search?q=printer' });
    await waitFor(() => expect(asked.find((p) => p.page)).toMatchObject({ types: 'ticket', page: '1' }));
    const link = await screen.findByRole('link', { name: 'T-0001 Printer jams' });
    expect(link).toHaveAttribute('href', '/tickets/t-1');
    expect(screen.queryByRole('navigation', { name: 'Pages of results' })).toBeNull();
  });

  it('says how many letters are missing and asks nothing for one letter', async () => {
    const asked = answering();
    renderWithProviders(<SearchPage audience="portal" />, { path: '/search?q=p' });
    expect(await screen.findByText('Type 1 more letter to search')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 100));
    expect(asked).toEqual([]);
  });

  it('says so when nothing is found', async () => {
    server.use(http.get('*/api/search', () => HttpResponse.json({ groups: [] })));
    renderWithProviders(<SearchPage audience="portal" />, { path: '/search?q=zebra' });
    expect(await screen.findByText('Nothing found for “zebra”')).toBeInTheDocument();
  });
});

describe('SearchBox: every result', () => {
  const box = () => screen.getByRole('combobox', { name: 'Search everywhere' });

  it('opens the all-results page with Enter when no result is chosen', async () => {
    answering();
    const { router } = renderWithProviders(<SearchBox audience="operator" />);
    await userEvent.type(box(), 'printer');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/operator/search');
    expect(router.state.location.search).toBe('?q=printer');
  });

  it('shows a link to all results under the grouped ones', async () => {
    answering();
    const { router } = renderWithProviders(<SearchBox audience="portal" />);
    await userEvent.type(box(), 'printer');
    const all = await screen.findByRole('link', { name: 'Show all results' });
    expect(all).toHaveAttribute('href', '/search?q=printer');
    await userEvent.click(all);
    expect(router.state.location.pathname).toBe('/search');
  });
});
