import { client, unwrap } from '@/lib/api-client';
import type { components } from '@/types/api';

export type MessageChanges = components['schemas']['MessageChanges'];

const message = (id: number | string) => ({ params: { path: { message_id: String(id) } } });

/** PUT /api/messages/{id} with only the fields that changed. */
export const updateMessage = (id: number | string, changes: MessageChanges) =>
  unwrap(client.PUT('/api/messages/{message_id}', { ...message(id), body: changes }));

/** DELETE /api/messages/{id}. */
export const deleteMessage = (id: number | string) => unwrap(client.DELETE('/api/messages/{message_id}', message(id)));
