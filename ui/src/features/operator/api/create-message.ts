import { api } from '@/lib/api-client';

export type NewMessage = {
  message: string;
  morphableType: 'Ticket' | 'Asset' | 'Company' | 'User';
  morphableId: number | string;
  /** false: an internal note (visible_to_client 0). */
  visibleToClient: boolean;
  attachmentIds?: (number | string)[];
  files?: File[];
  description?: string;
  activityId?: number | null;
  action?: string;
};

/** POST /api/messages/store as form data; a failed send is silent (SPEC §8). */
export function createMessage(m: NewMessage) {
  const form = new FormData();
  form.append('message', m.message);
  form.append('is_from_client', '0');
  form.append('visible_to_client', m.visibleToClient ? '1' : '0');
  form.append('morphable_type', m.morphableType);
  form.append('morphable_id', String(m.morphableId));
  if (m.description) form.append('description', m.description);
  if (m.activityId) form.append('activity_id', String(m.activityId));
  if (m.action) form.append('action', m.action);
  (m.attachmentIds ?? []).forEach((id) => form.append('attachment_ids[]', String(id)));
  (m.files ?? []).forEach((f, i) => form.append(`file[${i}]`, f));
  return api<{ id: number | string }>('/messages/store', { method: 'POST', body: form, silent: true });
}
