import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';
import * as data from '@/testing/mocks/data';
import { TicketDetail } from '../components/ticket-detail';

vi.mock('react-router-dom', async (importOriginal) => {
  const mod = await importOriginal<typeof import('react-router-dom')>();
  return { ...mod, useParams: () => ({ id: '1' }) };
});

const MOMENT: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' };
const dutch = (iso: string) => new Intl.DateTimeFormat('nl-NL', MOMENT).format(new Date(iso));

const reply = {
  id: 12,
  message: 'We are on it.',
  format: 'html',
  type: 'message',
  is_from_client: 0,
  visible_to_client: 1,
  created_at: '2026-11-19T08:30:00Z',
  actor: { id: 2, full_name: 'Olga Operator', is_operator: 1 },
  attachments: [],
};

const serve = (extra: Record<string, unknown>) => server.use(http.get('*/api/tickets/:id', () => HttpResponse.json({ ...data.ticketDetail, ...extra })));

describe('the SLA on the portal ticket', () => {
  it('shows the client its response and resolution targets in its language and zone, met or not', async () => {
    const resolutionDue = new Date(Date.now() - 3_600_000).toISOString();
    serve({
      sla_state: 'breached',
      response_due_at: '2026-11-19T09:00:00Z',
      resolution_due_at: resolutionDue,
      resolved_at: null,
      messages: [...data.ticketDetail.messages, reply],
    });
    renderWithProviders(<TicketDetail />);
    const response = (await screen.findByText('Reactie uiterlijk')).nextElementSibling!;
    expect(response).toHaveTextContent(dutch('2026-11-19T09:00:00Z'));
    expect(response.querySelector('[data-outcome]')).toHaveAttribute('data-outcome', 'met');
    expect(response).toHaveTextContent('✓ gehaald');
    const resolution = screen.getByText('Oplossing uiterlijk').nextElementSibling!;
    expect(resolution).toHaveTextContent(dutch(resolutionDue));
    expect(resolution).toHaveTextContent('niet gehaald');
  });

  it('says a target still ahead is on schedule, and shows no targets without an SLA', async () => {
    const due = new Date(Date.now() + 86_400_000).toISOString();
    serve({ sla_state: 'running', response_due_at: due, resolution_due_at: null });
    const { unmount } = renderWithProviders(<TicketDetail />);
    expect((await screen.findByText('Reactie uiterlijk')).nextElementSibling).toHaveTextContent('op schema');
    expect(screen.queryByText('Oplossing uiterlijk')).toBeNull();
    unmount();
    serve({ sla_state: null, response_due_at: null, resolution_due_at: null });
    renderWithProviders(<TicketDetail />);
    await screen.findByText('The printer is jammed.');
    expect(screen.queryByText('Reactie uiterlijk')).toBeNull();
  });
});
