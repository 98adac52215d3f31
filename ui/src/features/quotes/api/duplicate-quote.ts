import { client, unwrap } from '@/lib/api-client';
import type { Quote } from '@/types/operator';

/** POST /api/quotes/{id}/duplicate: a new concept quote with this one's content. */
export const duplicateQuote = (id: number | string) =>
  unwrap(client.POST('/api/quotes/{quote_id}/duplicate', { params: { path: { quote_id: String(id) } } })) as Promise<Quote>;
