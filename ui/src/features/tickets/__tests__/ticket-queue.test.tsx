import '@/testing/english';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within, fireEvent } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { setViewport } from '@/testing/test-utils';
import { renderOperator } from '@/testing/render-operator';
import { TONE_COLOURS } from '@/components/display/due-date';

const ALL = ['tickets.index', 'tickets.show', 'tickets.store', 'tickets.update'];

const row = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `t${n}`,
  reference: `T-100${n}`,
  description: `Ticket number ${n}`,
  status_id: 1,
  status: { id: 1, name: 'Open', style: 'info' },
  priority: { id: 2, label: 'High', style: 'danger' },
  company: { id: 'c3', name: 'Acme BV', archived_at: null },
  client: { id: 'u7', full_name: 'Carla Client' },
  operator: null,
  sla: null,
  original_email_from: null,
  is_template: false,
  route: 'tickets',
  due_at: null,
  updated_at: '2026-11-22T09:00:00Z',
  version: 1,
  ...extra,
});

const pageOf = <T,>(data: T[], total: number, page: number, perPage = 15) => ({
  data,
  from: data.length ? (page - 1) * perPage + 1 : null,
  to: data.length ? (page - 1) * perPage + data.length : null,
  total,
  per_page: perPage,
  current_page: page,
  last_page: Math.max(1, Math.ceil(total / perPage)),
});

/** Serves the queue: 20 tickets, or the 2 that match a search; records each request. */
function serveQueue(rows = Array.from({ length: 20 }, (_, i) => row(i + 1))) {
  const requests: URLSearchParams[] = [];
  server.use(
    http.get('*/api/tickets', ({ request }) => {
      const params = new URL(request.url).searchParams;
      requests.push(params);
      const search = params.get('builder[s]');
      const matching = search ? rows.slice(0, 2) : rows;
      const page = Number(params.get('page') ?? 1);
      return HttpResponse.json(pageOf(matching.slice((page - 1) * 15, page * 15), matching.length, page));
    }),
  );
  return requests;
}

beforeEach(() => setViewport(false));

describe('the ticket queue', () => {
  it('goes back to page 1 when a search starts on page 2', async () => {
    const requests = serveQueue();
    renderOperator('/operator/tickets', ALL);
    expect(await screen.findByText('1-15 of 20')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('16-20 of 20')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'printer');
    expect(await screen.findByText('1-2 of 2')).toBeInTheDocument();
    expect(screen.queryByText(/^0-0/)).toBeNull();
    expect(screen.queryByText(/No tickets found/)).toBeNull();
    expect(screen.getByText('Ticket number 1')).toBeInTheDocument();
    const last = requests[requests.length - 1];
    expect(last.get('builder[s]')).toBe('printer');
    expect(last.get('page')).toBe('1');
  });

  it('shows assignee, priority, a coloured due date and the SLA time left', async () => {
    const past = new Date(Date.now() - 86_400_000).toISOString();
    const future = new Date(Date.now() + 86_400_000).toISOString();
    serveQueue([
      row(1, { operator: { id: 21, full_name: 'Olga Operator' }, due_at: past, sla_state: 'warned', sla_minutes_left: 135, resolution_due_at: future }),
      row(2, { due_at: future }),
    ]);
    renderOperator('/operator/tickets', ALL);
    const first = (await screen.findByText('Ticket number 1')).closest('tr')!;
    for (const name of ['Assignee', 'Priority', 'Due', 'SLA']) expect(screen.getByRole('columnheader', { name: new RegExp(name) })).toBeInTheDocument();
    expect(within(first).getByText('Olga Operator')).toBeInTheDocument();
    expect(within(first).getByText('High')).toBeInTheDocument();
    expect(first.querySelector('.due-date')).toHaveStyle({ color: TONE_COLOURS.red });
    const clock = first.querySelector<HTMLElement>('.sla-clock')!;
    expect(clock).toHaveTextContent('2 h 15 m');
    expect(clock).toHaveStyle({ color: TONE_COLOURS.orange });
    const second = screen.getByText('Ticket number 2').closest('tr')!;
    expect(second.querySelector('.due-date')).toHaveStyle({ color: TONE_COLOURS.orange });
    expect(second.querySelector('.sla-clock')).toBeNull();
  });

  it('shows each SLA state: red minutes once past, a check mark when met, a pause mark while paused', async () => {
    serveQueue([
      row(1, { sla_state: 'breached', sla_minutes_left: -35 }),
      row(2, { sla_state: 'met', sla_minutes_left: null }),
      row(3, { sla_state: 'paused', sla_minutes_left: 50 }),
      row(4, { sla_state: 'running', sla_minutes_left: 600 }),
    ]);
    renderOperator('/operator/tickets', ALL);
    const clockOf = async (n: number) => (await screen.findByText(`Ticket number ${n}`)).closest('tr')!.querySelector<HTMLElement>('.sla-clock')!;
    const breached = await clockOf(1);
    expect(breached).toHaveTextContent('-35 m');
    expect(breached).toHaveStyle({ color: TONE_COLOURS.red });
    expect(breached).toHaveAttribute('data-tone', 'past');
    const met = await clockOf(2);
    expect(met).toHaveTextContent('✓');
    expect(met).toHaveStyle({ color: TONE_COLOURS.green });
    expect(within(met).getByText('SLA met')).toBeInTheDocument();
    const paused = await clockOf(3);
    expect(paused).toHaveTextContent('⏸ 50 m');
    expect(within(paused).getByText('SLA paused')).toBeInTheDocument();
    const running = await clockOf(4);
    expect(running).toHaveTextContent('10 h 0 m');
    expect(running).toHaveAttribute('data-tone', 'running');
  });

  it('sorts the SLA column by time left and offers the action-required filter', async () => {
    const requests = serveQueue();
    renderOperator('/operator/tickets', ALL);
    await screen.findByText('Ticket number 1');
    await userEvent.click(screen.getByRole('button', { name: /^SLA/ }));
    await waitFor(() => expect(requests[requests.length - 1].getAll('builder[orderBy][0][]')).toEqual(['sla_remaining', 'asc']));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Action required' }));
    await waitFor(() => expect(requests[requests.length - 1].getAll('builder[where][0][]')).toEqual(['sla_remaining', 'action_required', '1']));
  });

  it('sorts on the due date, one column at a time', async () => {
    const requests = serveQueue();
    renderOperator('/operator/tickets', ALL);
    await screen.findByText('Ticket number 1');
    await userEvent.click(screen.getByRole('button', { name: /^Due/ }));
    await waitFor(() => expect(requests[requests.length - 1].getAll('builder[orderBy][0][]')).toEqual(['scheduled_at', 'asc']));
    expect(screen.getAllByRole('columnheader').filter((h) => h.hasAttribute('aria-sort'))).toHaveLength(1);
  });

  it('moves the focus row with j/k and the arrows, selects with x and opens with Enter', async () => {
    serveQueue();
    server.use(http.get('*/api/tickets/:id/edit', ({ params }) => HttpResponse.json({ ...row(1), id: params.id, messages: [] })));
    const { router } = renderOperator('/operator/tickets', ALL);
    await screen.findByText('Ticket number 1');
    const region = screen.getByRole('region', { name: 'Tickets' });
    expect(within(region).getByRole('tooltip')).toHaveTextContent('j or ↓: next row');
    region.focus();
    const rowOf = (n: number) => screen.getByText(`Ticket number ${n}`).closest('tr')!;
    await userEvent.keyboard('j');
    expect(rowOf(1)).toHaveAttribute('aria-current', 'true');
    expect(rowOf(1)).toHaveFocus();
    await userEvent.keyboard('j{ArrowDown}');
    expect(rowOf(3)).toHaveAttribute('aria-current', 'true');
    expect(rowOf(1)).not.toHaveAttribute('aria-current');
    await userEvent.keyboard('k');
    expect(rowOf(2)).toHaveAttribute('aria-current', 'true');
    await userEvent.keyboard('x');
    expect(within(rowOf(2)).getByRole('checkbox')).toBeChecked();
    await userEvent.keyboard('{ArrowUp}x');
    expect(within(rowOf(1)).getByRole('checkbox')).toBeChecked();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/operator/tickets/t1'));
  });

  it('changes the status of the selected tickets after a confirmation, then reloads the queue', async () => {
    const requests = serveQueue();
    const puts: { id: string; body: unknown }[] = [];
    server.use(
      http.put('*/api/tickets/:id', async ({ params, request }) => {
        puts.push({ id: String(params.id), body: await request.json() });
        return HttpResponse.json({});
      }),
    );
    renderOperator('/operator/tickets', ALL);
    await screen.findByText('Ticket number 1');
    await userEvent.click(screen.getByLabelText('Select t1'));
    await userEvent.click(screen.getByLabelText('Select t2'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'New status' }), 'Closed');
    const before = requests.length;
    await userEvent.click(screen.getByRole('button', { name: 'Set status' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Set the status of the selected tickets (2) to Closed?');
    expect(puts).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Tickets changed to Closed: 2')).toBeInTheDocument();
    expect(puts).toEqual([
      { id: 't1', body: { status_id: 2 } },
      { id: 't2', body: { status_id: 2 } },
    ]);
    await waitFor(() => expect(requests.length).toBeGreaterThan(before));
    expect(screen.getByLabelText('Select t1')).not.toBeChecked();
  });

  it('says how many tickets did not change when some refuse the new status', async () => {
    serveQueue();
    server.use(
      http.put('*/api/tickets/:id', ({ params }) =>
        params.id === 't2' ? HttpResponse.json({ message: 'Someone else changed this ticket.' }, { status: 409 }) : HttpResponse.json({}),
      ),
    );
    renderOperator('/operator/tickets', ALL);
    await screen.findByText('Ticket number 1');
    await userEvent.click(screen.getByLabelText('Select t1'));
    await userEvent.click(screen.getByLabelText('Select t2'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'New status' }), 'Closed');
    await userEvent.click(screen.getByRole('button', { name: 'Set status' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Tickets changed to Closed: 1')).toBeInTheDocument();
    expect(await screen.findByText('Tickets not changed: 1')).toBeInTheDocument();
  });

  it('does nothing when the status change is cancelled', async () => {
    serveQueue();
    const puts: string[] = [];
    server.use(http.put('*/api/tickets/:id', ({ params }) => (puts.push(String(params.id)), HttpResponse.json({}))));
    renderOperator('/operator/tickets', ALL);
    await screen.findByText('Ticket number 1');
    await userEvent.click(screen.getByLabelText('Select t1'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'New status' }), 'Closed');
    await userEvent.click(screen.getByRole('button', { name: 'Set status' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(puts).toEqual([]);
    expect(screen.getByLabelText('Select t1')).toBeChecked();
  });

  it('merges the selected tickets into the first after a confirmation, then reloads the queue', async () => {
    const requests = serveQueue();
    let merged: unknown = null;
    server.use(
      http.post('*/api/tickets/merge', async ({ request }) => {
        merged = await request.json();
        return HttpResponse.json({});
      }),
    );
    renderOperator('/operator/tickets', ALL);
    await screen.findByText('Ticket number 1');
    expect(screen.getByRole('button', { name: 'Merge' })).toBeDisabled();
    await userEvent.click(screen.getByLabelText('Select t3'));
    await userEvent.click(screen.getByLabelText('Select t1'));
    const before = requests.length;
    await userEvent.click(screen.getByRole('button', { name: 'Merge' }));
    const dialog = await screen.findByRole('dialog');
    // The ticket that stays is named: the first one selected.
    expect(dialog).toHaveTextContent('Merge 2 tickets into T-1003?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Tickets merged')).toBeInTheDocument();
    expect(merged).toEqual({ ids: ['t3', 't1'] });
    await waitFor(() => expect(requests.length).toBeGreaterThan(before));
  });

  it('shows an error with a retry when the queue fails to load', async () => {
    let fail = true;
    server.use(
      http.get('*/api/tickets', () => (fail ? HttpResponse.json({ message: 'Down' }, { status: 500 }) : HttpResponse.json(pageOf([row(1)], 1, 1)))),
    );
    renderOperator('/operator/tickets', ALL);
    const alert = await screen.findByText('The list could not be loaded.');
    expect(screen.queryByTestId('skeleton-row')).toBeNull();
    fail = false;
    fireEvent.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Ticket number 1')).toBeInTheDocument();
  });

  it('shows cards on a phone, the filters folded away and a selection box per card', async () => {
    setViewport(true);
    serveQueue();
    renderOperator('/operator/tickets', ALL);
    await waitFor(() => expect(screen.getAllByTestId('list-card')).toHaveLength(15));
    expect(screen.queryByRole('table')).toBeNull();
    const folded = screen.getByText('Filter').closest('details')!;
    expect(folded).not.toHaveAttribute('open');
    expect(within(folded).getByRole('searchbox', { name: 'Search' })).not.toBeVisible();
    await userEvent.click(screen.getByLabelText('Select t2'));
    expect(screen.getByLabelText('Select t2')).toBeChecked();
  });
});
