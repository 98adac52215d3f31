import { client, unwrap } from '@/lib/api-client';
import type { Id } from '@/types/operator';

type Answer = { message?: string; invoice_ids?: Id[] };

/** POST /api/used-products/invoice {ids}: one line each on the company's draft invoice. */
export const invoiceUsedProducts = (ids: Id[]) =>
  unwrap(client.POST('/api/used-products/invoice', { body: { ids: ids.map(String) } })) as Promise<Answer>;
