// Dumb handlers: each answers with fixed data of the contract's shapes. Tests that need
// another answer override a handler with server.use(...).
import { http, HttpResponse } from 'msw';
import * as data from './data';

const api = (path: string) => `*/api${path}`;

const lists: Record<string, unknown[]> = {
  tickets: data.tickets,
  quotes: data.quotes,
  contracts: data.contracts,
  subscriptions: data.subscriptions,
  assets: data.assets,
  invoices: data.invoices,
};

const details: Record<string, unknown> = {
  tickets: data.ticketDetail,
  quotes: data.quoteDetail,
  contracts: data.contractDetail,
  subscriptions: data.subscriptionDetail,
  assets: data.assetDetail,
};

export const handlers = [
  // the operator workspace's unread-mentions count: none unless a test says otherwise
  http.get(api('/notifications'), () => HttpResponse.json([])),
  http.get(api('/system/status'), () => HttpResponse.json(data.status)),
  http.post(api('/auth/login'), () =>
    HttpResponse.json({ user: data.user, access_token: 'access-1', refresh_token: 'refresh-1', expires_in: 3600 }),
  ),
  http.post(api('/auth/refresh'), () =>
    HttpResponse.json({ access_token: 'access-2', refresh_token: 'refresh-2', expires_in: 3600 }),
  ),
  http.post(api('/auth/logout'), () => HttpResponse.json({ message: 'Logged out.' })),
  http.get(api('/auth/me'), () => HttpResponse.json(data.me)),
  http.post(api('/auth/me'), () => HttpResponse.json({ message: 'Changes saved.' })),
  http.post(api('/auth/password/email'), () => HttpResponse.json({ message: 'Reset link sent.' })),
  http.post(api('/auth/password/reset'), () => HttpResponse.json({ message: 'Password changed.' })),

  http.get(api('/table-presets'), () => HttpResponse.json(data.presets)),
  http.post(api('/table-presets'), async ({ request }) =>
    HttpResponse.json({ id: 99, ...((await request.json()) as object) }, { status: 201 }),
  ),
  http.get(api('/presets-result-count/:route'), () => HttpResponse.json([{ id: 1, count: 4 }])),
  http.post(api('/exports'), () => HttpResponse.json({ message: 'Export started.', id: 5 })),
  http.get(api('/exports/:id'), () =>
    HttpResponse.json({ id: 5, status: 'done', files: { csv: '/api/exports/5/file.csv', xlsx: '/api/exports/5/file.xlsx' } }),
  ),

  http.post(api('/quotes/:id/accept'), () => HttpResponse.json({ ...data.quoteDetail, status_id: 3 })),
  http.post(api('/quotes/:id/download'), () =>
    new HttpResponse('%PDF-1.4 sample', { headers: { 'Content-Type': 'application/pdf' } }),
  ),
  http.post(api('/contracts/:id/buy'), () =>
    HttpResponse.json({ message: 'Prepaid card upgraded', minutes_remaining: 900, hours_remaining: 15 }),
  ),
  http.post(api('/tickets'), () => HttpResponse.json(data.ticketDetail, { status: 201 })),
  http.post(api('/messages'), () => HttpResponse.json(data.ticketDetail.messages[0], { status: 201 })),
  http.get(api('/invoices/:id/download'), () =>
    new HttpResponse('%PDF-1.4 sample', { headers: { 'Content-Type': 'application/pdf' } }),
  ),

  http.get(api('/:route'), ({ params }) => {
    const rows = lists[String(params.route)];
    return rows ? HttpResponse.json(data.page(rows)) : HttpResponse.json({ message: 'Not found.' }, { status: 404 });
  }),
  http.get(api('/:route/:id'), ({ params }) => {
    const row = details[String(params.route)];
    return row ? HttpResponse.json(row) : HttpResponse.json({ message: 'Not found.' }, { status: 404 });
  }),
];
