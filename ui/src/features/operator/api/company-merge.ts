import { client, unwrap } from '@/lib/api-client';

/** How many records of each kind move with a merged company. */
export type MovedRecords = Record<
  | 'clients'
  | 'tickets'
  | 'quotes'
  | 'contracts'
  | 'subscriptions'
  | 'assets'
  | 'invoices'
  | 'deals'
  | 'projects'
  | 'used_products'
  | 'locations'
  | 'ticket_groups',
  number
>;

export type MergePreview = {
  survivor: { id: string; name: string };
  merged: { id: string; name: string; records: MovedRecords }[];
};

/** POST /api/companies/merge/preview {ids}: the survivor (the first id) and what moves into it. */
export const previewCompanyMerge = (ids: (number | string)[]) =>
  unwrap(client.POST('/api/companies/merge/preview', { body: { ids: ids.map(String) } })) as Promise<MergePreview>;
