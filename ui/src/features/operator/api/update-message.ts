import { api } from '@/lib/api-client';

export type MessageChanges = { message?: string; visible_to_client?: 0 | 1; description?: string };

/** PUT /api/messages/{id} with only the fields that changed. */
export const updateMessage = (id: number | string, changes: MessageChanges) =>
  api<unknown>(`/messages/${id}`, { method: 'PUT', body: changes });

/** DELETE /api/messages/{id}. */
export const deleteMessage = (id: number | string) => api<unknown>(`/messages/${id}`, { method: 'DELETE' });
