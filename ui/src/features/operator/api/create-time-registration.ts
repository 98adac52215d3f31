import { api } from '@/lib/api-client';

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
};

export const createTimeRegistration = (body: NewTimeRegistration) =>
  api<{ id: number | string }>('/time-registrations', { method: 'POST', body });
