import { client, unwrap } from '@/lib/api-client';
import type { Id, Quote } from '@/types/operator';

export type NewQuote = { name: string; company_id: Id | null; client_id: Id | null };

const text = (id: Id | null) => (id === null ? null : String(id));

/** POST /api/quotes: a concept quote; its lines are added on its page. */
export const draftQuote = (body: NewQuote) =>
  unwrap(
    client.POST('/api/quotes', { body: { name: body.name, company_id: text(body.company_id), client_id: text(body.client_id) } }),
  ) as Promise<Quote>;
