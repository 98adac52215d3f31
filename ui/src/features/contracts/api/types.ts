import type { Id, Person, Named } from '@/types/models';

export type TimeRegistration = {
  id: Id;
  ticket_id: Id;
  ticket_reference: string;
  ticket_description: string;
  time_spent_rounded: number;
  executed_at: string;
  activity: { id: number; name: string } | null;
  description: string;
  operator: Person | null;
};

export type ContractPeriod = {
  id: Id;
  period_start: string;
  period_end: string;
  registered_time: number;
  minutes_remaining: number;
  time_registrations: TimeRegistration[];
};

export type Contract = {
  id: Id;
  name: string;
  period: null | 'month' | 'quarter' | 'year';
  period_label: string | null;
  quantity: number;
  minutes_remaining: number;
  start_date: string | null;
  end_date: string | null;
  client: Person | null;
  company: Named | null;
  service: { id: number; label: string } | null;
};

export type ContractDetail = Contract & { contractPeriods: ContractPeriod[] };
