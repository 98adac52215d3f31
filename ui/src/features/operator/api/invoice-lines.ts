import { api } from '@/lib/api-client';
import type { Id } from '../types';
import type { NewLine } from '../components/widgets/line-form';

type Answer = { message?: string };

/** POST /api/invoices/{id}/lines: a line typed by hand on a draft invoice. */
export const addInvoiceLine = (invoiceId: Id, line: NewLine) =>
  api<Answer>(`/invoices/${invoiceId}/lines`, { method: 'POST', body: line });

/** DELETE /api/invoices/{id}/lines/{line}: a hand-made line off a draft invoice. */
export const removeInvoiceLine = (invoiceId: Id, lineId: Id) =>
  api<Answer>(`/invoices/${invoiceId}/lines/${lineId}`, { method: 'DELETE' });
