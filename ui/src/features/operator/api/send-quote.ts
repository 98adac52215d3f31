import { api } from '@/lib/api-client';

/** POST /api/quotes/{id}/send: the quote goes to the client (status 2). */
export const sendQuote = (id: number) => api<unknown>(`/quotes/${id}/send`, { method: 'POST' });
