import { client, unwrap } from '@/lib/api-client';
import type { components } from '@/types/api';

/** How many records of each kind move with a merged company. */
export type MovedRecords = components['schemas']['MovedRecords'];

export type MergePreview = components['schemas']['MergePreview'];

/** POST /api/companies/merge/preview {ids}: the survivor (the first id) and what moves into it. */
export const previewCompanyMerge = (ids: (number | string)[]) =>
  unwrap(client.POST('/api/companies/merge/preview', { body: { ids: ids.map(String) } }));
