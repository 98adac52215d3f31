import { useMutation } from '@tanstack/react-query';
import { api, saveBlob } from '@/lib/api-client';
import type { Id } from '@/types/models';

export function useDownloadQuote(id: Id, filename: string) {
  return useMutation({
    mutationFn: () => api<Blob>(`/quotes/${id}/download`, { method: 'POST', responseType: 'blob' }),
    onSuccess: (blob) => saveBlob(blob, filename),
  });
}
