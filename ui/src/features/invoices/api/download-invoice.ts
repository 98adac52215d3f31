import { useMutation } from '@tanstack/react-query';
import { api, API_BASE, saveBlob } from '@/lib/api-client';
import type { Invoice } from './types';

/** ViewURL needs the bearer token, so it is fetched and handed over as a file. */
export function useDownloadInvoice() {
  return useMutation({
    mutationFn: (invoice: Invoice) =>
      api<Blob>(invoice.ViewURL.replace(new RegExp(`^${API_BASE}`), ''), { responseType: 'blob' }),
    onSuccess: (blob, invoice) => saveBlob(blob, `${invoice.InvoiceCode || invoice.id}.pdf`),
  });
}
