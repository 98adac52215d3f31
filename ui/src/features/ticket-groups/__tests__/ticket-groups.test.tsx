import '@/testing/english';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { page, renderOperator } from '@/testing/render-operator';

const PERMISSIONS = ['ticket-groups.index', 'ticket-groups.show', 'ticket-groups.update'];

describe('ticket groups', () => {
  it('strikes archived groups through in the list', async () => {
    server.use(
      http.get('*/api/ticket-groups', () =>
        HttpResponse.json(page([
          { id: 'g1', name: 'Onboarding', archived_at: null, company: { id: 'c1', name: 'Acme BV' } },
          { id: 'g2', name: 'Migration 2025', archived_at: '2026-01-01T00:00:00Z', company: null },
        ])),
      ),
    );
    renderOperator('/operator/ticket-groups', PERMISSIONS);
    const archived = await screen.findByText('Migration 2025');
    expect(archived.closest('del')).not.toBeNull();
    expect(screen.getByText('Onboarding').closest('del')).toBeNull();
    expect(screen.getByRole('link', { name: 'Ticket groups' })).toHaveClass('active');
  });

  it('archives a group and restores it, which sets archived_at back to null', async () => {
    let group = { id: 'g1', name: 'Onboarding', archived_at: null as string | null, company: { id: 'c1', name: 'Acme BV' } };
    const calls: string[] = [];
    server.use(
      http.get('*/api/ticket-groups/:id', () => HttpResponse.json(group)),
      http.post('*/api/ticket-groups/:id/archive', () => {
        calls.push('archive');
        group = { ...group, archived_at: '2026-11-22T10:00:00Z' };
        return HttpResponse.json(group);
      }),
      http.post('*/api/ticket-groups/:id/restore', () => {
        calls.push('restore');
        group = { ...group, archived_at: null };
        return HttpResponse.json(group);
      }),
    );
    renderOperator('/operator/ticket-groups/g1', PERMISSIONS);
    expect(await screen.findByRole('heading', { name: 'Onboarding Ticket group' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('Ticket group archived')).toBeInTheDocument();
    const restore = await screen.findByRole('button', { name: 'Restore' });
    expect(screen.getAllByText('Onboarding').some((el) => el.closest('del'))).toBe(true);
    await userEvent.click(restore);
    expect(await screen.findByText('Ticket group restored')).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Archive' });
    await waitFor(() => expect(screen.getAllByText('Onboarding').every((el) => !el.closest('del'))).toBe(true));
    expect(calls).toEqual(['archive', 'restore']);
  });

  it('offers no archive button without ticket-groups.update', async () => {
    server.use(http.get('*/api/ticket-groups/:id', () => HttpResponse.json({ id: 'g1', name: 'Onboarding', archived_at: null, company: null })));
    renderOperator('/operator/ticket-groups/g1', ['ticket-groups.show']);
    await screen.findByRole('heading', { name: 'Onboarding Ticket group' });
    expect(screen.queryByRole('button', { name: 'Archive' })).toBeNull();
  });
});
