import '@/testing/english';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { page, renderOperator } from '@/testing/render-operator';

// Colour contrast needs layout and message frames a real window: jsdom has neither.
async function seriousViolations() {
  const result = await axe.run(document.body, { iframes: false, rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const ticket = {
  id: 1,
  reference: 'T-1000',
  description: 'Printer jammed',
  status_id: 1,
  status: { id: 1, name: 'Open', style: 'info' },
  priority: null,
  company: { id: 3, name: 'Acme BV', archived_at: null },
  client: { id: 7, full_name: 'Carla Client', email: 'carla@acme.test' },
  due_at: '2026-12-01',
  updated_at: '2026-11-22T09:00:00Z',
  messages: [
    { id: 11, message: '<p>Jammed.</p>', type: 'message', is_from_client: 1, visible_to_client: 1, created_at: '2026-11-22T08:00:00Z', actor: { id: 7, full_name: 'Carla Client', is_operator: 0 } },
    { id: 12, message: '<p>Toner?</p>', type: 'message', is_from_client: 0, visible_to_client: 0, created_at: '2026-11-22T08:10:00Z', actor: { id: 21, full_name: 'Olga Operator', is_operator: 1 } },
  ],
};

describe('operator accessibility', () => {
  it('the ticket queue has no serious or critical axe violations', async () => {
    server.use(http.get('*/api/tickets', () => HttpResponse.json(page([ticket]))));
    renderOperator('/operator/tickets');
    await screen.findByRole('link', { name: 'T-1000' });
    expect(await seriousViolations()).toEqual([]);
  });

  it('the ticket detail has none either', async () => {
    server.use(http.get('*/api/tickets/:id/edit', () => HttpResponse.json(ticket)));
    renderOperator('/operator/tickets/1', ['messages.store']);
    await screen.findByRole('heading', { name: 'T-1000 Ticket', level: 1 });
    expect(await seriousViolations()).toEqual([]);
  });

  it('a setting list has none either', async () => {
    server.use(http.get('*/api/priorities', () => HttpResponse.json(page([{ id: 1, label: 'Low', order: 1, is_default: true }]))));
    renderOperator('/operator/settings/priorities');
    await screen.findByText('Low');
    expect(await seriousViolations()).toEqual([]);
  });
});
