import { client, unwrap } from '@/lib/api-client';
import type { Id } from '@/types/operator';

/** PUT /api/notifications/{id}/read. */
export const markNotificationRead = (id: Id) =>
  unwrap(client.PUT('/api/notifications/{notification_id}/read', { params: { path: { notification_id: String(id) } } }));
