import { useQuery } from '@tanstack/react-query';
import { client, unwrap } from '@/lib/api-client';
import type { components } from '@/types/api';

/** What changed between two versions of a record: each field's old and new value. */
export type AuditDiff = components['schemas']['AuditDiff'];
export type Versions = { old: number; new: number };

/** GET /api/audit/{model}/{id}/diff?old=&new=; nothing until two versions are chosen. */
export function useAuditDiff(model: string, id: string, versions: Versions | null) {
  return useQuery({
    queryKey: ['audit', model, id, 'diff', versions],
    queryFn: () => unwrap(client.GET('/api/audit/{model}/{record_id}/diff', { params: { path: { model, record_id: id }, query: versions ?? { old: 1, new: 1 } } })),
    enabled: versions !== null,
    retry: false,
  });
}
