import { client, unwrap } from '@/lib/api-client';
import type { Id, Ticket } from '@/types/operator';

export type NewTicket = {
  description: string;
  status_id?: Id | null;
  priority_id?: Id | null;
  company_id?: Id | null;
  client_id?: Id | null;
  original_email_from?: string | null;
};

const number = (id: Id | null | undefined) => (id === null || id === undefined ? id : Number(id));
const text = (id: Id | null | undefined) => (id === null || id === undefined ? id : String(id));

/** POST /api/tickets/open: an operator's new ticket with any field and a status. */
export const openTicket = (body: NewTicket) =>
  unwrap(
    client.POST('/api/tickets/open', {
      body: {
        description: body.description,
        status_id: number(body.status_id),
        priority_id: number(body.priority_id),
        company_id: text(body.company_id),
        client_id: text(body.client_id),
        original_email_from: body.original_email_from,
      },
    }),
  ) as Promise<Ticket>;
