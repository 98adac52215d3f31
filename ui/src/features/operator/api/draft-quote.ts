import { api } from '@/lib/api-client';
import type { Id, Quote } from '../types';

export type NewQuote = { name: string; company_id: Id | null; client_id: Id | null };

/** POST /api/quotes: a concept quote; its lines are added on its page. */
export const draftQuote = (body: NewQuote) => api<Quote>('/quotes', { method: 'POST', body });
