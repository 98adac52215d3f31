import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { client, unwrap } from '@/lib/api-client';
import type { components } from '@/types/api';

/** A record as it was: at a moment (without a zone: the tenant's) or after a version. */
export type AuditState = components['schemas']['AuditState'];
export type StateQuery = { at: string } | { version: number };

/** GET /api/audit/{model}/{id}/state?at= or ?version=; nothing until a moment is chosen. */
export function useAuditState(model: string, id: string, asked: StateQuery | null) {
  return useQuery({
    queryKey: ['audit', model, id, 'state', asked],
    // the route also answers CSV, so the JSON shape is named here
    queryFn: async () => (await unwrap(client.GET('/api/audit/{model}/{record_id}/state', { params: { path: { model, record_id: id }, query: asked ?? {} } }))) as AuditState,
    enabled: asked !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
