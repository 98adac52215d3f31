import { api } from '@/lib/api-client';

export type UploadedAttachment = { id: number | string; url: string };

/** POST /api/attachments multipart (is_embedded=1, file[, message_id]); no toast on failure. */
export function uploadEmbeddedImage(file: File, messageId?: number | string) {
  const form = new FormData();
  form.append('is_embedded', '1');
  form.append('file', file);
  if (messageId !== undefined) form.append('message_id', String(messageId));
  return api<UploadedAttachment>('/attachments', { method: 'POST', body: form, silent: true });
}
