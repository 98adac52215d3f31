import { api } from '@/lib/api-client';
import type { Quote } from '../types';

/** POST /api/quotes/{id}/duplicate: a new concept quote with this one's content. */
export const duplicateQuote = (id: number | string) => api<Quote>(`/quotes/${id}/duplicate`, { method: 'POST' });
