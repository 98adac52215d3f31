import '@/testing/english';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderOperator } from '@/testing/render-operator';

const office = {
  id: 4,
  label: 'Office',
  name: 'Office',
  order: 1,
  is_default: true,
  time_zone: 'Europe/Amsterdam',
  hours: { monday: [['08:30', '12:00'], ['13:00', '17:30']], tuesday: [['09:00', '17:00']], wednesday: [], thursday: [], friday: [], saturday: [], sunday: [] },
  holiday_countries: ['NL'],
  holidays: ['2026-12-24'],
};

function serve(answer?: () => Response) {
  const sent: { method: string; body: Record<string, unknown> }[] = [];
  server.use(
    http.get('*/api/business-hour-contracts', () => HttpResponse.json({ data: [office], total: 1, per_page: 15, current_page: 1, last_page: 1, from: 1, to: 1 })),
    http.put('*/api/business-hour-contracts/:id', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push({ method: 'PUT', body });
      return answer ? answer() : HttpResponse.json({ ...office, ...body });
    }),
    http.post('*/api/business-hour-contracts', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push({ method: 'POST', body });
      return HttpResponse.json({ ...office, ...body, id: 5 }, { status: 201 });
    }),
  );
  return sent;
}

describe('business-hour calendars', () => {
  it('edits the opening hours per weekday, the holidays country, own days and zone as form fields', async () => {
    const sent = serve();
    renderOperator('/operator/settings/business-hours', ['settings.index']);
    const nav = await screen.findByRole('navigation', { name: 'Operator navigation' });
    expect(within(nav).getByRole('link', { name: 'Business hours' })).toHaveAttribute('href', '/operator/settings/business-hours');
    await userEvent.click(await screen.findByRole('button', { name: 'Office (Default)' }));
    const form = screen.getByRole('form', { name: 'Office' });
    expect(within(form).getByLabelText('Monday 2: From')).toHaveValue('13:00');
    expect(within(form).getByLabelText('Time zone')).toHaveValue('Europe/Amsterdam');
    expect(within(form).getByLabelText('Closed day 1')).toHaveValue('2026-12-24');
    await userEvent.click(within(form).getByRole('button', { name: 'Monday 1: Remove' }));
    await userEvent.click(within(within(form).getByRole('row', { name: /Wednesday/ })).getByRole('button', { name: 'Add hours' }));
    await userEvent.click(within(form).getByLabelText('BE'));
    await userEvent.selectOptions(within(form).getByLabelText('Time zone'), 'Europe/Brussels');
    await userEvent.click(within(form).getByRole('button', { name: 'Add a closed day' }));
    await userEvent.type(within(form).getByLabelText('Closed day 2'), '2026-12-31');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'PUT',
      body: {
        label: 'Office',
        is_default: true,
        time_zone: 'Europe/Brussels',
        hours: { monday: [['13:00', '17:30']], tuesday: [['09:00', '17:00']], wednesday: [['09:00', '17:00']], thursday: [], friday: [], saturday: [], sunday: [] },
        holiday_countries: ['NL', 'BE'],
        holidays: ['2026-12-24', '2026-12-31'],
      },
    });
  });

  it('refuses a span that ends before it starts, and adds a new calendar with office hours', async () => {
    const sent = serve();
    renderOperator('/operator/settings/business-hours', ['settings.index']);
    await userEvent.click(await screen.findByRole('button', { name: 'New calendar' }));
    const form = screen.getByRole('form', { name: 'New calendar' });
    await userEvent.type(within(form).getByLabelText('Name'), 'Night desk');
    const to = within(form).getByLabelText('Friday 1: To');
    await userEvent.clear(to);
    await userEvent.type(to, '08:00');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('A span ends after it starts')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await userEvent.clear(to);
    await userEvent.type(to, '17:00');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].method).toBe('POST');
    expect(sent[0].body).toMatchObject({ label: 'Night desk', time_zone: 'Europe/Amsterdam', holiday_countries: ['NL'], hours: { monday: [['09:00', '17:00']], saturday: [] } });
  });
});
