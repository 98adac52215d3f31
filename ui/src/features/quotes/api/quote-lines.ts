import { client, unwrap } from '@/lib/api-client';

export type NewQuoteLine = { description: string; quantity: number; price: number; vat_rate?: number };

/** POST /api/quotes/{id}/lines: only while the quote is a concept (else 409). */
export const addQuoteLine = (quoteId: number | string, line: NewQuoteLine) =>
  unwrap(client.POST('/api/quotes/{quote_id}/lines', { params: { path: { quote_id: String(quoteId) } }, body: line }));

/** DELETE /api/quotes/{id}/lines/{line}. */
export const removeQuoteLine = (quoteId: number | string, lineId: number | string) =>
  unwrap(
    client.DELETE('/api/quotes/{quote_id}/lines/{line_id}', {
      params: { path: { quote_id: String(quoteId), line_id: String(lineId) } },
    }),
  );
