import '@/testing/english';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderOperator } from '@/testing/render-operator';
import { TONE_COLOURS } from '@/components/display/due-date';
import { formatDateTime } from '@/lib/format';

const ALL = ['tickets.index', 'tickets.show', 'tickets.update', 'messages.store'];

const ticket = {
  id: 't1',
  reference: 'T-1000',
  description: 'Printer jammed',
  status_id: 1,
  status: { id: 1, name: 'Open', style: 'info' },
  priority: null,
  company: { id: 'c3', name: 'Acme BV', archived_at: null },
  client: { id: 'u7', full_name: 'Carla Client', email: 'carla@acme.test' },
  is_template: false,
  deleted: false,
  version: 2,
  messages: [],
};

const serve = (extra: Record<string, unknown>) => server.use(http.get('*/api/tickets/:id/edit', () => HttpResponse.json({ ...ticket, ...extra })));

describe('the SLA on the operator ticket page', () => {
  it('shows the time left and both targets, a target past due in red', async () => {
    const responseDue = new Date(Date.now() - 3_600_000).toISOString();
    const resolutionDue = new Date(Date.now() + 86_400_000).toISOString();
    serve({ sla_state: 'breached', sla_minutes_left: -35, response_due_at: responseDue, resolution_due_at: resolutionDue });
    renderOperator('/operator/tickets/t1', ALL);
    const block = await screen.findByRole('region', { name: 'SLA' });
    expect(within(block).getByText('Time left').nextElementSibling).toHaveTextContent('-35 m');
    const response = within(block).getByText('Response due').nextElementSibling as HTMLElement;
    expect(response).toHaveTextContent(formatDateTime(responseDue));
    expect(response).toHaveStyle({ color: TONE_COLOURS.red });
    const resolution = within(block).getByText('Resolution due').nextElementSibling as HTMLElement;
    expect(resolution).toHaveTextContent(formatDateTime(resolutionDue));
    expect(resolution).toHaveAttribute('data-tone', 'due');
  });

  it('marks a response given in time as met though its moment has passed, the resolution still due', async () => {
    const responseDue = new Date(Date.now() - 3_600_000).toISOString();
    const answered = new Date(Date.now() - 7_200_000).toISOString();
    const note = { id: 'm0', message: 'Checking the logs', type: 'message', is_from_client: false, visible_to_client: false, created_at: new Date(Date.now() - 9_000_000).toISOString(), actor: null };
    const reply = { id: 'm1', message: 'We are on it', type: 'message', is_from_client: false, visible_to_client: true, created_at: answered, actor: null };
    serve({ sla_state: 'running', sla_minutes_left: 300, response_due_at: responseDue, resolution_due_at: new Date(Date.now() + 86_400_000).toISOString(), messages: [note, reply] });
    renderOperator('/operator/tickets/t1', ALL);
    const block = await screen.findByRole('region', { name: 'SLA' });
    const response = within(block).getByText('Response due').nextElementSibling as HTMLElement;
    expect(response).toHaveAttribute('data-tone', 'met');
    expect(response).toHaveStyle({ color: TONE_COLOURS.green });
    expect(within(block).getByText('Resolution due').nextElementSibling).toHaveAttribute('data-tone', 'due');
  });

  it('marks a met SLA with a check mark, a paused one with a pause mark', async () => {
    serve({ sla_state: 'met', sla_minutes_left: null, response_due_at: '2026-01-05T10:00:00Z', resolution_due_at: '2026-01-06T10:00:00Z' });
    const { unmount } = renderOperator('/operator/tickets/t1', ALL);
    const met = await screen.findByRole('region', { name: 'SLA' });
    expect(within(met).getAllByText('✓').length).toBeGreaterThan(0);
    expect(within(met).getByText('Response due').nextElementSibling).toHaveStyle({ color: TONE_COLOURS.green });
    unmount();
    serve({ sla_state: 'paused', sla_minutes_left: 95, response_due_at: null, resolution_due_at: null });
    renderOperator('/operator/tickets/t1', ALL);
    const paused = await screen.findByRole('region', { name: 'SLA' });
    expect(within(paused).getByText('Time left').nextElementSibling).toHaveTextContent('⏸ 1 h 35 m');
  });

  it('shows nothing of an SLA on a ticket without one', async () => {
    serve({ sla_state: null });
    renderOperator('/operator/tickets/t1', ALL);
    await screen.findByText('Printer jammed');
    expect(screen.queryByRole('region', { name: 'SLA' })).toBeNull();
  });
});
