import { client, unwrap } from '@/lib/api-client';

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
export const getOpenTime = () =>
  unwrap(client.GET('/api/time-registrations/open')) as Promise<OpenTimeRegistration[]>;

/** POST /api/time-registrations/invoice {ids}: one line each on the company's draft invoice. */
export const invoiceTime = (ids: (number | string)[]) =>
  unwrap(client.POST('/api/time-registrations/invoice', { body: { ids: ids.map(String) } })) as Promise<{
    message?: string;
    invoice_ids?: (number | string)[];
  }>;
