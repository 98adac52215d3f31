import { useMutation } from '@tanstack/react-query';
import { client, saveBlob, unwrap } from '@/lib/api-client';
import type { Id } from '@/types/models';

export function useDownloadQuote(id: Id, filename: string) {
  return useMutation({
    mutationFn: () =>
      unwrap(
        client.POST('/api/quotes/{record_id}/download', { params: { path: { record_id: String(id) } }, parseAs: 'blob' }),
      ) as Promise<Blob>,
    onSuccess: (blob) => saveBlob(blob, filename),
  });
}
