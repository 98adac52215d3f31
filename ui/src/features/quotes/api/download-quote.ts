import { useMutation } from '@tanstack/react-query';
import { api, saveBlob } from '@/lib/api-client';

export function useDownloadQuote(id: number, filename: string) {
  return useMutation({
    mutationFn: () => api<Blob>(`/quotes/${id}/download`, { method: 'POST', responseType: 'blob' }),
    onSuccess: (blob) => saveBlob(blob, filename),
  });
}
