import { client, unwrap } from '@/lib/api-client';
import type { Id } from '@/types/operator';

const group = (id: Id) => ({ params: { path: { record_id: String(id) } } });

/** POST /api/ticket-groups/{id}/archive. */
export const archiveTicketGroup = (id: Id) => unwrap(client.POST('/api/ticket-groups/{record_id}/archive', group(id)));

/** POST /api/ticket-groups/{id}/restore: archived_at back to null. */
export const restoreTicketGroup = (id: Id) => unwrap(client.POST('/api/ticket-groups/{record_id}/restore', group(id)));
