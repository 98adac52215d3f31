import { client, unwrap } from '@/lib/api-client';
import { useDetail } from '@/lib/use-detail';
import type { QuoteDetail } from './types';

const load = (id: string) =>
  unwrap(client.GET('/api/quotes/{record_id}', { params: { path: { record_id: id } } })) as Promise<QuoteDetail>;

export const useQuote = (id: string | undefined) => useDetail('quotes', id, load);
