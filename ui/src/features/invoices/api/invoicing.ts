import { client, saveBlob, unwrap } from '@/lib/api-client';

const invoice = (id: number | string) => ({ params: { path: { invoice_id: String(id) } } });

/**
 * POST /api/invoicing/export/{id}: a PDF when the module mod_invoice_export_pdf is on,
 * otherwise JSON {reExport}.
 */
export async function exportInvoice(id: number | string, pdf: boolean): Promise<{ reExport?: boolean } | null> {
  if (pdf) {
    const blob = (await unwrap(client.POST('/api/invoicing/export/{invoice_id}', { ...invoice(id), parseAs: 'blob' }))) as Blob;
    saveBlob(blob, `invoice-${id}.pdf`);
    return null;
  }
  return unwrap(client.POST('/api/invoicing/export/{invoice_id}', invoice(id))) as Promise<{ reExport?: boolean }>;
}

/** PUT /api/invoicing/restore/{id}: an exported invoice back to draft. */
export const restoreInvoice = (id: number | string) => unwrap(client.PUT('/api/invoicing/restore/{invoice_id}', invoice(id)));

/** POST /api/invoicing/download-csv {ids}: a CSV file of the chosen invoices. */
export async function downloadInvoicesCsv(ids: (number | string)[]) {
  const blob = (await unwrap(
    client.POST('/api/invoicing/download-csv', { body: { ids: ids.map(String) }, parseAs: 'blob' }),
  )) as Blob;
  saveBlob(blob, 'invoices.csv');
}

/** POST /api/{route}/deinvoice {ids}: time registrations or used products off a draft. */
export const deinvoiceLines = (route: 'time-registrations' | 'used-products' | 'quotes', ids: (number | string)[]) =>
  unwrap(client.POST(`/api/${route}/deinvoice`, { body: { ids: ids.map(String) } }));
