import { api } from '@/lib/api-client';
import type { Id, Ticket } from '../types';

export type NewTicket = {
  description: string;
  status_id?: Id | null;
  priority_id?: Id | null;
  company_id?: Id | null;
  client_id?: Id | null;
  original_email_from?: string | null;
};

/** POST /api/tickets/open: an operator's new ticket with any field and a status. */
export const openTicket = (body: NewTicket) => api<Ticket>('/tickets/open', { method: 'POST', body });
