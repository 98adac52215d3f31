import '@/testing/english';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderOperator } from '@/testing/render-operator';
import { flatten, shownTime, shownValue } from '../components/values';

const anna = { id: 'c-1', full_name: 'Anna de Vries', role: 'client' };
const femke = { id: 'o-1', full_name: 'Femke Bakker', role: 'first line' };
const system = { id: 'system', full_name: 'System', role: 'system' };

const events = {
  id: 'q-1',
  model: 'Quote',
  version: 3,
  time_zone: 'Europe/Amsterdam',
  events: [
    {
      version: 1,
      time: '2026-11-26T10:00:00.250000+01:00',
      time_utc: '2026-11-26T09:00:00.250000Z',
      actor: femke,
      type: 'Drafted',
      changes: { name: { from: null, to: 'Workplace renewal' }, status_id: { from: null, to: 1 }, 'lines[1].price': { from: null, to: '899.00' } },
      data: {},
    },
    { version: 2, time: '2026-11-26T10:05:00+01:00', time_utc: '2026-11-26T09:05:00Z', actor: femke, type: 'Sent', changes: { status_id: { from: 1, to: 2 } }, data: {} },
    { version: 3, time: '2026-11-26T11:00:00+01:00', time_utc: '2026-11-26T10:00:00Z', actor: anna, type: 'Accepted', changes: { status_id: { from: 2, to: 3 }, 'acceptance.name': { from: null, to: 'Anna' } }, data: {} },
    { version: 4, time: '2026-11-26T12:00:00+01:00', time_utc: '2026-11-26T11:00:00Z', actor: system, type: 'Archived', changes: {}, data: {} },
    { version: 5, time: '2026-11-26T13:00:00+01:00', time_utc: '2026-11-26T12:00:00Z', actor: { id: 'sla-timer', full_name: 'SLA timer', role: 'system' }, type: 'SlaAlertRaised', changes: {}, data: {} },
  ],
};

function answering() {
  const asked: { state: URLSearchParams[]; diff: URLSearchParams[] } = { state: [], diff: [] };
  server.use(
    http.get('*/api/audit/:model/:id/events', () => HttpResponse.json(events)),
    http.get('*/api/audit/:model/:id/state', ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.state.push(query);
      const before = (query.get('at') ?? '').startsWith('2026-11-26T10:30:15') || query.get('version') === '2';
      return HttpResponse.json({
        id: 'q-1',
        model: 'Quote',
        version: before ? 2 : 3,
        time_zone: 'Europe/Amsterdam',
        at: query.get('at') ? { given: query.get('at'), time: '2026-11-26T10:30:15+01:00', time_utc: '2026-11-26T09:30:15Z', time_zone: 'Europe/Amsterdam', zone_assumed: true } : null,
        time: null,
        time_utc: null,
        state: { id: 'q-1', version: before ? 2 : 3, name: 'Workplace renewal', status_id: before ? 2 : 3, lines: [{ id: '1', price: '899.00' }] },
      });
    }),
    http.get('*/api/audit/:model/:id/diff', ({ request }) => {
      asked.diff.push(new URL(request.url).searchParams);
      return HttpResponse.json({
        id: 'q-1',
        model: 'Quote',
        time_zone: 'Europe/Amsterdam',
        old: { version: 2, time: events.events[1].time, time_utc: events.events[1].time_utc, actor: femke, type: 'Sent' },
        new: { version: 3, time: events.events[2].time, time_utc: events.events[2].time_utc, actor: anna, type: 'Accepted' },
        changes: { status_id: { from: 2, to: 3 }, 'acceptance.name': { from: null, to: 'Anna' } },
      });
    }),
  );
  return asked;
}

describe('the auditor screen', () => {
  it('shows each event: when on the tenant clock, who with their role, each field from and to', async () => {
    answering();
    renderOperator('/operator/audit/quotes/q-1', ['audit.view', 'quotes.index']);
    expect(await screen.findByRole('heading', { level: 1, name: 'History of Quotes Workplace renewal' })).toBeInTheDocument();
    expect(screen.getByText(/Times are on the tenant's clock \(Europe\/Amsterdam\)/)).toBeInTheDocument();
    const timeline = screen.getByRole('list', { name: 'Timeline' });
    const items = within(timeline).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items[4]).toHaveTextContent('SLA timer (System)');
    expect(items[0]).toHaveTextContent('Drafted');
    expect(items[0]).toHaveTextContent('2026-11-26 10:00:00 +01:00');
    expect(items[0]).toHaveTextContent('Femke Bakker (first line)');
    const accepted = within(items[2]).getByRole('table', { name: 'What changed in version 3' });
    const status = within(accepted).getByRole('row', { name: /status_id/ });
    expect(within(status).getAllByRole('cell').map((c) => c.textContent)).toEqual(['2', '3']);
    expect(items[2]).toHaveTextContent('Anna de Vries (Client)');
    expect(within(items[0]).getByRole('row', { name: /^name/ })).toHaveTextContent('—Workplace renewal');
    expect(items[3]).toHaveTextContent('System');
    expect(items[3]).not.toHaveTextContent('(System)');
    expect(within(items[2]).getByText('2026-11-26 11:00:00 +01:00')).toHaveAttribute('title', 'UTC 2026-11-26 10:00:00 UTC');
    expect(screen.getByRole('link', { name: 'Back to the record' })).toHaveAttribute('href', '/operator/quotes/q-1');
  });

  it('downloads the history as CSV, one change per row', async () => {
    answering();
    const asked: string[] = [];
    server.use(
      http.get('*/api/audit/:model/:id/events', ({ request }) => {
        const url = new URL(request.url);
        if (url.searchParams.get('format') !== 'csv') return HttpResponse.json(events);
        asked.push(url.pathname);
        return new HttpResponse('version,time\n1,2026-11-26T10:00:00+01:00\n', { headers: { 'Content-Type': 'text/csv' } });
      }),
    );
    const saved: string[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = () => 'blob:history';
    URL.revokeObjectURL = () => undefined;
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push(this.download);
    };
    try {
      renderOperator('/operator/audit/quotes/q-1', ['audit.view']);
      await userEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
      await waitFor(() => expect(saved).toEqual(['quotes-q-1-history.csv']));
      expect(asked).toEqual(['/api/audit/quotes/q-1/events']);
    } finally {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
      HTMLAnchorElement.prototype.click = click;
    }
  });

  it('shows the record as it was at a picked moment, read in the tenant zone', async () => {
    const asked = answering();
    renderOperator('/operator/audit/quotes/q-1', ['audit.view']);
    const form = await screen.findByRole('form', { name: 'Choose a moment' });
    await userEvent.click(within(form).getByRole('button', { name: 'Show' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Choose a moment');
    expect(asked.state).toEqual([]);

    const moment = within(form).getByLabelText('Moment (Europe/Amsterdam)');
    await userEvent.type(moment, '2026-11-26T10:30:15');
    await userEvent.click(within(form).getByRole('button', { name: 'Show' }));
    // the browser gives the picked second, with or without milliseconds; no zone
    await waitFor(() => expect(asked.state.map((q) => q.get('at')?.slice(0, 19))).toEqual(['2026-11-26T10:30:15']));
    expect(await screen.findByText(/Read in the tenant's time zone Europe\/Amsterdam: 2026-11-26 10:30:15 \+01:00/)).toBeInTheDocument();
    const state = screen.getByRole('table', { name: 'The record as it was' });
    expect(within(state).getByRole('row', { name: /status_id/ })).toHaveTextContent('2');
    expect(within(state).getByRole('row', { name: /lines\[1\]\.price/ })).toHaveTextContent('899.00');
    expect(screen.getByText(/Version 2 · Sent/, { selector: 'p' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Show version 3' }));
    await waitFor(() => expect(asked.state.at(-1)?.get('version')).toBe('3'));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'The record as it was' })).getByRole('row', { name: /status_id/ })).toHaveTextContent('3'));
  });

  it('compares two chosen versions, old and new values side by side', async () => {
    const asked = answering();
    renderOperator('/operator/audit/quotes/q-1', ['audit.view']);
    const form = await screen.findByRole('form', { name: 'Compare two versions' });
    expect(within(form).getByLabelText('New version')).toHaveValue('5');
    await userEvent.selectOptions(within(form).getByLabelText('Old version'), '2');
    await userEvent.selectOptions(within(form).getByLabelText('New version'), '3');
    await userEvent.click(within(form).getByRole('button', { name: 'Compare' }));
    await waitFor(() => expect(asked.diff.map((q) => [q.get('old'), q.get('new')])).toEqual([['2', '3']]));
    const table = await screen.findByRole('table', { name: 'Version 2 against version 3' });
    expect(within(table).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Field', 'Old value', 'New value']);
    expect(within(within(table).getByRole('row', { name: /acceptance\.name/ })).getAllByRole('cell').map((c) => c.textContent)).toEqual(['—', 'Anna']);
  });

  it('is in the navigation and on a record page only for audit.view holders, and opens a record by reference', async () => {
    answering();
    const { router } = renderOperator('/operator/audit', ['audit.view', 'tickets.index']);
    const nav = await screen.findByRole('navigation', { name: 'Operator navigation' });
    expect(within(nav).getByRole('link', { name: 'Audit' })).toHaveAttribute('href', '/operator/audit');
    const form = await screen.findByRole('form', { name: 'Open a history' });
    await userEvent.click(within(form).getByRole('button', { name: 'Open history' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Reference or id is required');
    await userEvent.selectOptions(within(form).getByLabelText('Record type'), 'quotes');
    await userEvent.type(within(form).getByLabelText('Reference or id'), ' q-1 ');
    await userEvent.click(within(form).getByRole('button', { name: 'Open history' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/operator/audit/quotes/q-1'));
    expect(await screen.findByRole('heading', { level: 1, name: 'History of Quotes Workplace renewal' })).toBeInTheDocument();
  });

  it('links a record page to its history for audit.view holders only', async () => {
    const { unmount } = renderOperator('/operator/quotes/1', ['quotes.show', 'audit.view']);
    expect(await screen.findByRole('link', { name: 'History' })).toHaveAttribute('href', '/operator/audit/quotes/1');
    unmount();
    renderOperator('/operator/quotes/1', ['quotes.show']);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'History' })).toBeNull();
  });

  it('shows no Audit entry without audit.view', async () => {
    renderOperator('/operator/tickets', ['tickets.index']);
    const nav = await screen.findByRole('navigation', { name: 'Operator navigation' });
    expect(within(nav).getByRole('link', { name: 'Tickets' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Audit' })).toBeNull();
  });

  it('speaks Dutch and German', async () => {
    answering();
    localStorage.setItem('APP_LANGUAGE', 'nl');
    const { unmount } = renderOperator('/operator/audit/quotes/q-1', ['audit.view']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Geschiedenis van Offertes Workplace renewal' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Twee versies vergelijken' })).toBeInTheDocument();
    unmount();
    localStorage.setItem('APP_LANGUAGE', 'de');
    renderOperator('/operator/audit/quotes/q-1', ['audit.view']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Verlauf von Angebote Workplace renewal' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Zeitleiste' })).toBeInTheDocument();
  });
});

describe('the values of the auditor screen', () => {
  it('shows the tenant clock as given, and values as text', () => {
    expect(shownTime('2026-11-26T10:18:21.504580+01:00')).toBe('2026-11-26 10:18:21 +01:00');
    expect(shownTime('2026-11-26T09:18:21Z')).toBe('2026-11-26 09:18:21 UTC');
    const t = ((key: string) => key) as never;
    expect(shownValue(null, t)).toBe('—');
    expect(shownValue(true, t)).toBe('Yes');
    expect(shownValue(['a', 'b'], t)).toBe('a, b');
    expect(shownValue('x'.repeat(100), t)).toMatch(/…\s\(100\)$/);
  });

  it('names the fields of a record as the changes do', () => {
    const record = { id: 'q', version: 3, name: 'A', lines: [{ id: '2', price: '9' }], fields: { a: 1, b: null }, tags: [] };
    expect(flatten(record)).toEqual([
      ['name', 'A'],
      ['lines[2].price', '9'],
      ['fields.a', 1],
    ]);
  });
});
