import { client, unwrap } from '@/lib/api-client';
import { useDetail } from '@/lib/use-detail';
import type { QuoteDetail } from './types';

/** GET /api/quotes/{id}: one quote (through the client given). */
export const loadQuote = (id: string, api = client) =>
  unwrap(api.GET('/api/quotes/{record_id}', { params: { path: { record_id: id } } })) as Promise<QuoteDetail>;

export const useQuote = (id: string | undefined) => useDetail('quotes', id, loadQuote);
