import type { Id, Person, Named } from '@/types/models';

export type QuoteStatus = 1 | 2 | 3 | 4;
export const QUOTE_STATUS = { concept: 1, sent: 2, accepted: 3, rejected: 4 } as const;

export type Quote = {
  id: Id;
  name: string;
  label: string;
  status_id: QuoteStatus;
  total: number;
  client: Person | null;
  company: Named | null;
  deal: { client: Person | null; company: Named | null } | null;
  updated_at: string;
  created_at: string;
};

export type QuoteDetail = Quote & {
  lines: { description: string; quantity: number; price: number; total: number }[];
  custom_fields: { custom_field: string; value: string }[];
  acceptance: { name: string; note: string; accepted_at: string } | null;
};
