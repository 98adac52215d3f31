import { client, unwrap } from '@/lib/api-client';
import type { Id } from '@/types/operator';
import type { NewLine } from '@/components/form/line-form';

type Answer = { message?: string };

/** POST /api/invoices/{id}/lines: a line typed by hand on a draft invoice. */
export const addInvoiceLine = (invoiceId: Id, line: NewLine) =>
  unwrap(
    client.POST('/api/invoices/{invoice_id}/lines', { params: { path: { invoice_id: String(invoiceId) } }, body: line }),
  ) as Promise<Answer>;

/** DELETE /api/invoices/{id}/lines/{line}: a hand-made line off a draft invoice. */
export const removeInvoiceLine = (invoiceId: Id, lineId: Id) =>
  unwrap(
    client.DELETE('/api/invoices/{invoice_id}/lines/{line_id}', {
      params: { path: { invoice_id: String(invoiceId), line_id: String(lineId) } },
    }),
  ) as Promise<Answer>;
