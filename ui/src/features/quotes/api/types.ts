import type { components } from '@/types/api';
import type { CustomValue, Named, Narrowed, Person } from '@/types/models';

export type QuoteStatus = 1 | 2 | 3 | 4;
export const QUOTE_STATUS = { concept: 1, sent: 2, accepted: 3, rejected: 4 } as const;

/** The API declares the deal as a free object; its parties are what the portal reads. */
type Deal = { deal: { client?: Person | null; company?: Named | null } | null };

export type Quote = Narrowed<components['schemas']['QuoteRow'], Deal>;
export type QuoteDetail = Narrowed<components['schemas']['QuoteDetail'], Deal & { custom_fields: CustomValue[] }>;
