import { useQuery } from '@tanstack/react-query';
import { client, unwrap } from '@/lib/api-client';
import type { components } from '@/types/api';

/** Every event of one record: who (name and role then), when (tenant's clock and UTC), what changed. */
export type AuditEvents = components['schemas']['AuditEvents'];
export type AuditEvent = components['schemas']['AuditEvent'];
export type FieldChange = components['schemas']['FieldChange'];

export const auditEventsKey = (model: string, id: string) => ['audit', model, id, 'events'];

/** GET /api/audit/{model}/{id}/events. */
export function useAuditEvents(model: string, id: string) {
  return useQuery({
    queryKey: auditEventsKey(model, id),
    // the route also answers CSV, so the JSON shape is named here
    queryFn: async () => (await unwrap(client.GET('/api/audit/{model}/{record_id}/events', { params: { path: { model, record_id: id } } }))) as AuditEvents,
    retry: false,
  });
}
