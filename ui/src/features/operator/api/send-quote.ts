import { api } from '@/lib/api-client';

/** POST /api/quotes/{id}/send: the quote goes to the client (status 2). */
export const sendQuote = (id: number | string) => api<unknown>(`/quotes/${id}/send`, { method: 'POST' });
