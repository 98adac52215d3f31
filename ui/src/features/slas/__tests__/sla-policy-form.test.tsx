import '@/testing/english';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderOperator } from '@/testing/render-operator';

const PERMISSIONS = ['settings.index', 'settings.show', 'settings.update', 'slas.index', 'slas.show', 'slas.update'];

const sla = {
  id: 1,
  label: 'Premium',
  name: 'Premium',
  order: 1,
  is_default: true,
  calendar_id: null,
  default_targets: { response_minutes: 60, resolution_minutes: 480 },
  priority_targets: { '2': { response_minutes: 30, resolution_minutes: null } },
  pause_statuses: ['waiting_for_reply', 'scheduled'],
  warn_percent: 80,
};

function serve(answer?: (body: Record<string, unknown>) => Response) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.get('*/api/slas/:id', () => HttpResponse.json(sla)),
    http.put('*/api/slas/:id', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return answer ? answer(body) : HttpResponse.json({ ...sla, ...body, id: 1, name: sla.name, order: 1, is_default: true });
    }),
  );
  return bodies;
}

describe('an SLA policy', () => {
  it('edits the targets per priority, the pausing statuses and the warning as form fields', async () => {
    const bodies = serve();
    renderOperator('/operator/slas/1', PERMISSIONS);
    const form = await screen.findByRole('form', { name: 'SLA clock' });
    expect(within(form).getByLabelText('Every priority: First response (minutes)')).toHaveValue(60);
    expect(within(form).getByLabelText('High: First response (minutes)')).toHaveValue(30);
    expect(within(form).getByLabelText('Waiting for reply')).toBeChecked();
    expect(within(form).getByLabelText('Open')).not.toBeChecked();
    await userEvent.type(within(form).getByLabelText('Low: Resolution (minutes)'), '960');
    await userEvent.click(within(form).getByLabelText('Scheduled'));
    const warn = within(form).getByLabelText('Warn at (% of a target used)');
    await userEvent.clear(warn);
    await userEvent.type(warn, '75');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      label: 'Premium',
      calendar_id: null,
      default_targets: { response_minutes: 60, resolution_minutes: 480 },
      priority_targets: { '1': { response_minutes: null, resolution_minutes: 960 }, '2': { response_minutes: 30, resolution_minutes: null } },
      pause_statuses: ['waiting_for_reply'],
      warn_percent: 75,
    });
  });

  it('refuses a warning outside 1-99 before sending, and shows the server refusing a field under it', async () => {
    const bodies = serve(() => HttpResponse.json({ message: 'Invalid.', errors: { 'body.calendar_id': ['No such calendar.'] } }, { status: 422 }));
    renderOperator('/operator/slas/1', PERMISSIONS);
    const form = await screen.findByRole('form', { name: 'SLA clock' });
    const warn = within(form).getByLabelText('Warn at (% of a target used)');
    await userEvent.clear(warn);
    await userEvent.type(warn, '120');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Between 1 and 99')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    await userEvent.clear(warn);
    await userEvent.type(warn, '80');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('No such calendar.')).toBeInTheDocument();
  });
});
