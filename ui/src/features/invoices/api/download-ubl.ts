import { useMutation } from '@tanstack/react-query';
import { client, saveBlob, unwrap } from '@/lib/api-client';

/** The e-invoice (UBL XML) of a finalised invoice, fetched with the bearer token and saved as a file. */
export function useDownloadUbl() {
  return useMutation({
    mutationFn: ({ id }: { id: string | number; code: string }) =>
      unwrap(
        client.GET('/api/invoices/{invoice_id}/ubl', {
          params: { path: { invoice_id: String(id) } },
          parseAs: 'blob',
        }),
      ) as Promise<Blob>,
    onSuccess: (blob, { id, code }) => saveBlob(blob, `${code || id}.xml`),
  });
}
