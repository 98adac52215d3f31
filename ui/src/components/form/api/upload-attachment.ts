import { formWith, quietClient, unwrap } from '@/lib/api-client';

export type UploadedAttachment = { id: number | string; url: string };

/** POST /api/attachments multipart (is_embedded=1, file[, message_id]); no toast on failure. */
export function uploadEmbeddedImage(file: File, messageId?: number | string) {
  const fields = { is_embedded: 1 as const, message_id: messageId === undefined ? undefined : String(messageId) };
  return unwrap(
    quietClient.POST('/api/attachments', {
      // the file goes beside the declared fields, as the form's `file` part
      body: { ...fields, file: file.name },
      bodySerializer: () => {
        const form = formWith(fields);
        form.append('file', file);
        return form;
      },
    }),
  ) as Promise<UploadedAttachment>;
}
