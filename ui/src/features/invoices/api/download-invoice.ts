import { useMutation } from '@tanstack/react-query';
import { client, saveBlob, unwrap } from '@/lib/api-client';
import type { Invoice } from './types';

/** The PDF needs the bearer token, so it is fetched and handed over as a file. */
export function useDownloadInvoice() {
  return useMutation({
    mutationFn: (invoice: Invoice) =>
      unwrap(
        client.GET('/api/invoices/{record_id}/download', {
          params: { path: { record_id: String(invoice.id) } },
          parseAs: 'blob',
        }),
      ) as Promise<Blob>,
    onSuccess: (blob, invoice) => saveBlob(blob, `${invoice.InvoiceCode || invoice.id}.pdf`),
  });
}
