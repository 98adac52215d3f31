import { api, saveBlob } from '@/lib/api-client';

/**
 * POST /api/invoicing/export/{id}: a PDF when the module mod_invoice_export_pdf is on,
 * otherwise JSON {reExport}.
 */
export async function exportInvoice(id: number | string, pdf: boolean): Promise<{ reExport?: boolean } | null> {
  if (pdf) {
    const blob = await api<Blob>(`/invoicing/export/${id}`, { method: 'POST', responseType: 'blob' });
    saveBlob(blob, `invoice-${id}.pdf`);
    return null;
  }
  return api<{ reExport?: boolean }>(`/invoicing/export/${id}`, { method: 'POST' });
}

/** PUT /api/invoicing/restore/{id}: an exported invoice back to draft. */
export const restoreInvoice = (id: number | string) => api<unknown>(`/invoicing/restore/${id}`, { method: 'PUT' });

/** POST /api/invoicing/download-csv {ids}: a CSV file of the chosen invoices. */
export async function downloadInvoicesCsv(ids: (number | string)[]) {
  const blob = await api<Blob>('/invoicing/download-csv', { method: 'POST', body: { ids }, responseType: 'blob' });
  saveBlob(blob, 'invoices.csv');
}

/** POST /api/{route}/deinvoice {ids}: time registrations or used products off a draft. */
export const deinvoiceLines = (route: string, ids: (number | string)[]) =>
  api<unknown>(`/${route}/deinvoice`, { method: 'POST', body: { ids } });
