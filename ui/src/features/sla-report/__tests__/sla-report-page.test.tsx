import '@/testing/english';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderOperator } from '@/testing/render-operator';
import type { SlaReport } from '../api/get-sla-report';

const report: SlaReport = {
  company_id: 'c3',
  company_name: 'Acme BV',
  month: '2026-10',
  rows: [
    { priority_id: 1, priority: 'High', met: 4, breached: 2, open: 1 },
    { priority_id: null, priority: null, met: 1, breached: 0, open: 0 },
  ],
  met: 5,
  breached: 2,
  open: 1,
};

function serve() {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('*/api/lookups/companies', () => HttpResponse.json([{ id: 'c3', name: 'Acme BV' }])),
    http.get('*/api/sla-report', ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      if (query.get('format') === 'csv') return new HttpResponse('company,month\nAcme BV,2026-10\n', { headers: { 'Content-Type': 'text/csv' } });
      if (query.get('company_id') !== 'c3') return HttpResponse.json({ message: 'Not found.' }, { status: 404 });
      return HttpResponse.json(query.get('month') === '2026-10' ? report : { ...report, month: query.get('month'), rows: [], met: 0, breached: 0, open: 0 });
    }),
  );
  return asked;
}

async function pick(month: string) {
  await userEvent.type(await screen.findByRole('combobox', { name: 'Company' }), 'Ac');
  await userEvent.click(await screen.findByRole('option', { name: 'Acme BV' }));
  const input = screen.getByLabelText('Month');
  await userEvent.clear(input);
  await userEvent.type(input, month);
}

describe('the SLA report', () => {
  it('is in the workspace navigation for whoever may list tickets', async () => {
    serve();
    renderOperator('/operator/sla-report', ['tickets.index']);
    const nav = await screen.findByRole('navigation', { name: 'Operator navigation' });
    expect(within(nav).getByRole('link', { name: 'SLA report' })).toHaveAttribute('href', '/operator/sla-report');
    expect(await screen.findByText('Choose a company and a month.')).toBeInTheDocument();
  });

  it('charts met, breached and open tickets per priority for a company and month, with totals', async () => {
    const asked = serve();
    renderOperator('/operator/sla-report', ['tickets.index']);
    await pick('2026-10');
    const table = await screen.findByRole('table', { name: 'SLA outcomes per priority' });
    const high = within(table).getByRole('row', { name: /High/ });
    expect(within(high).getAllByRole('cell').map((c) => c.textContent)).toEqual(['4', '2', '1']);
    expect(within(table).getByRole('row', { name: /No priority/ })).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /Total/ })).getAllByRole('cell').map((c) => c.textContent)).toEqual(['5', '2', '1']);
    const chart = screen.getByRole('img', { name: 'SLA outcomes per priority' });
    const bars = chart.querySelectorAll('g[data-priority="High"] rect');
    expect(Array.from(bars).map((b) => b.getAttribute('data-outcome'))).toEqual(['met', 'breached', 'open']);
    const [met, breached] = Array.from(bars).map((b) => Number(b.getAttribute('width')));
    expect(met).toBeCloseTo(breached * 2);
    const last = asked[asked.length - 1];
    expect([last.get('company_id'), last.get('month')]).toEqual(['c3', '2026-10']);
  });

  it('says a month without SLA tickets is empty, and exports the report as CSV', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    const asked = serve();
    renderOperator('/operator/sla-report', ['tickets.index']);
    await pick('2026-09');
    expect(await screen.findByText('No tickets under an SLA this month.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    const csv = asked.find((q) => q.get('format') === 'csv')!;
    expect([csv.get('company_id'), csv.get('month')]).toEqual(['c3', '2026-09']);
  });
});
