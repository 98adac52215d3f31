import { client, quietClient, unwrap } from '@/lib/api-client';
import type { Id } from '@/types/operator';

export type OperatorNotification = {
  id: Id;
  kind: string;
  text: string;
  actor_id: Id | null;
  message_id: Id | null;
  morphable_type: string | null;
  morphable_id: Id | null;
  created_at: string;
  read_at: string | null;
};

/** GET /api/notifications[?unread=1]: the signed-in operator's own, newest first. */
export const getNotifications = (unreadOnly = false) =>
  unwrap(
    (unreadOnly ? quietClient : client).GET('/api/notifications', { params: { query: unreadOnly ? { unread: true } : {} } }),
  ) as Promise<OperatorNotification[]>;
