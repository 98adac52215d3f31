import { api } from '@/lib/api-client';

export type OpenTimeRegistration = {
  id: number | string;
  ticket_id: number | string;
  ticket_reference: string;
  ticket_description?: string | null;
  time_spent_rounded: number;
  executed_at: string;
  description: string;
};

/** GET /api/time-registrations/open: time not yet on an invoice, newest first. */
export const getOpenTime = () => api<OpenTimeRegistration[]>('/time-registrations/open');

/** POST /api/time-registrations/invoice {ids}: one line each on the company's draft invoice. */
export const invoiceTime = (ids: (number | string)[]) =>
  api<{ message?: string; invoice_ids?: (number | string)[] }>('/time-registrations/invoice', { method: 'POST', body: { ids } });
