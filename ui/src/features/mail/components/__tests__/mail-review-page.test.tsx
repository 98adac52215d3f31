import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, signedIn } from '@/testing/test-utils';
import { LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import type { HeldMail } from '../../api/mail-review';
import { MailReviewPage } from '../mail-review-page';

beforeEach(() => localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en'));

const held: HeldMail[] = [
  { id: 'h1', from: 'stranger@newco.test', from_name: 'Sam Stranger', to: ['support@demo.localhost'], subject: 'Printer on fire', date: '2026-11-20T09:30:00Z', preview: 'Our printer smokes since this morning.', company_id: null },
  { id: 'h2', from: 'spam@bulk.test', from_name: '', to: ['support@demo.localhost'], subject: '', date: null, preview: 'Buy now', company_id: null },
];

function serve() {
  let queue = [...held];
  const calls: { id: string; what: string; body: unknown }[] = [];
  server.use(
    http.get('*/api/mail-review', () => HttpResponse.json({ data: queue })),
    http.post('*/api/mail-review/:id/:what', async ({ params, request }) => {
      const id = String(params.id);
      if (!queue.some((m) => m.id === id)) return HttpResponse.json({ message: 'Not found.' }, { status: 404 });
      const text = await request.text();
      calls.push({ id, what: String(params.what), body: text ? JSON.parse(text) : null });
      queue = queue.filter((m) => m.id !== id);
      if (params.what === 'reject') return new HttpResponse(null, { status: 204 });
      return HttpResponse.json({ outcome: 'ticket', ticket_id: 't1', message_id: 'm1' });
    }),
    http.get('*/api/lookups/companies', ({ request }) => {
      const search = new URL(request.url).searchParams.get('search') ?? '';
      return HttpResponse.json(search.toLowerCase().startsWith('ne') ? [{ id: 'c9', label: 'NewCo' }] : []);
    }),
  );
  return calls;
}

const operator = signedIn({ is_operator: 1, permissions_names: ['settings.index'] });

describe('mail review queue', () => {
  it('lists each held mail with sender, subject, date and preview', async () => {
    serve();
    renderWithProviders(<MailReviewPage />, { session: operator });
    const list = await screen.findByRole('list', { name: 'Held mails' });
    const first = within(list).getByRole('listitem', { name: 'Printer on fire' });
    expect(first).toHaveTextContent('Sam Stranger <stranger@newco.test>');
    expect(first).toHaveTextContent('Our printer smokes since this morning.');
    expect(within(first).getByText(/2026/)).toHaveAttribute('datetime', '2026-11-20T09:30:00Z');
    expect(within(list).getByRole('listitem', { name: '(no subject)' })).toHaveTextContent('spam@bulk.test');
  });

  it('accepts a mail under a chosen company, and rejects another', async () => {
    const calls = serve();
    renderWithProviders(<MailReviewPage />, { session: operator });
    const first = await screen.findByRole('listitem', { name: 'Printer on fire' });
    await userEvent.type(within(first).getByLabelText('Company (optional)'), 'New');
    await userEvent.click(await within(first).findByRole('button', { name: 'NewCo' }));
    expect(within(first).getByText('Company: NewCo')).toBeInTheDocument();
    await userEvent.click(within(first).getByRole('button', { name: 'Accept "Printer on fire"' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Printer on fire' })).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Reject "(no subject)"' }));
    expect(await screen.findByText('No mail is waiting for review.')).toBeInTheDocument();
    expect(calls).toEqual([
      { id: 'h1', what: 'accept', body: { company_id: 'c9' } },
      { id: 'h2', what: 'reject', body: null },
    ]);
  });

  it('accepts without a company when none is chosen', async () => {
    const calls = serve();
    renderWithProviders(<MailReviewPage />, { session: operator });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept "Printer on fire"' }));
    await waitFor(() => expect(calls).toEqual([{ id: 'h1', what: 'accept', body: {} }]));
  });

  it('keeps the mail listed when the decision is refused', async () => {
    serve();
    server.use(http.post('*/api/mail-review/:id/accept', () => HttpResponse.json({ message: 'Already handled.' }, { status: 409 })));
    renderWithProviders(<MailReviewPage />, { session: operator });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept "Printer on fire"' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Accept "Printer on fire"' })).toBeEnabled());
    expect(screen.getByRole('listitem', { name: 'Printer on fire' })).toBeInTheDocument();
  });
});
