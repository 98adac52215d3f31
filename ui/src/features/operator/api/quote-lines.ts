import { api } from '@/lib/api-client';

export type NewQuoteLine = { description: string; quantity: number; price: number; vat_rate?: number };

/** POST /api/quotes/{id}/lines: only while the quote is a concept (else 409). */
export const addQuoteLine = (quoteId: number | string, line: NewQuoteLine) =>
  api<unknown>(`/quotes/${quoteId}/lines`, { method: 'POST', body: line });

/** DELETE /api/quotes/{id}/lines/{line}. */
export const removeQuoteLine = (quoteId: number | string, lineId: number | string) =>
  api<unknown>(`/quotes/${quoteId}/lines/${lineId}`, { method: 'DELETE' });
