import { client, unwrap } from '@/lib/api-client';

/** POST /api/quotes/{id}/send: the quote goes to the client (status 2). */
export const sendQuote = (id: number | string) =>
  unwrap(client.POST('/api/quotes/{quote_id}/send', { params: { path: { quote_id: String(id) } } }));
