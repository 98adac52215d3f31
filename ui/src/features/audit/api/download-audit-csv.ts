import { useMutation } from '@tanstack/react-query';
import { client, saveBlob, unwrap } from '@/lib/api-client';

/** The record's events as CSV, one change per row, fetched with the bearer token and saved as a file. */
export function useDownloadAuditCsv() {
  return useMutation({
    mutationFn: ({ model, id }: { model: string; id: string }) =>
      unwrap(
        client.GET('/api/audit/{model}/{record_id}/events', {
          params: { path: { model, record_id: id }, query: { format: 'csv' } },
          parseAs: 'blob',
        }),
      ) as Promise<Blob>,
    onSuccess: (blob, { model, id }) => saveBlob(blob, `${model}-${id}-history.csv`),
  });
}
