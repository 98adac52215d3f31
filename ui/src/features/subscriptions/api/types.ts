import type { Id, Named, Person } from '@/types/models';

export type SubscriptionLine = { description: string; quantity: number; price: number; total: number };

export type Subscription = {
  id: Id;
  description: string;
  company: Named | null;
  client: Person | null;
  total: number;
  mrr: number;
  period: string | null;
  period_label: string | null;
  periods: number | null;
  billing_start_date: string | null;
  start_period: string | null;
  end_period: string | null;
  termination_date: string | null;
  next_billing_date: string | null;
  direct_debit: boolean | number;
  updated_at: string;
  created_at: string;
};

export type SubscriptionDetail = Subscription & { lines: SubscriptionLine[] };
