import { client, unwrap } from '@/lib/api-client';

export type NewTimeRegistration = {
  ticket_id: number | string;
  /** Minutes. */
  time_spent: number;
  /** YYYY-MM-DD HH:mm:ss */
  executed_at: string;
  description: string;
  activity_id: number | null;
  /** The contract the time is booked on, when one is chosen. */
  contract_id?: number | string | null;
  /** Who spent the time; the API takes the one signed in when left out. */
  operator_id?: string | null;
};

export const createTimeRegistration = (body: NewTimeRegistration) =>
  unwrap(
    client.POST('/api/time-registrations', {
      body: {
        ...body,
        ticket_id: String(body.ticket_id),
        contract_id: body.contract_id == null ? body.contract_id : String(body.contract_id),
      },
    }),
  ) as Promise<{ id: number | string }>;
