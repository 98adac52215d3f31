// What an accountant books of an invoice: its snapshot (GET /api/invoices/{id}/snapshot),
// marking it paid, outstanding or expired, crediting it in full, and the tenant's billing
// profile (the seller on every invoice; GET/PUT /api/billing-profile).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client, quietClient, unwrap } from '@/lib/api-client';
import type { components } from '@/types/api';

type Schemas = components['schemas'];
export type InvoiceSnapshot = Schemas['InvoiceSnapshot'];
export type BillingProfile = Schemas['BillingProfile'];
export type BillingProfileChange = Schemas['BillingProfileIn'];
export type Mark = 'paid' | 'outstanding' | 'expired';

const path = (id: number | string) => ({ params: { path: { invoice_id: String(id) } } });
const snapshotKey = (id: number | string) => ['invoice-snapshot', String(id)];

/** The invoice as it is booked: parties, VAT breakdown, totals and amount due. */
export function useInvoiceSnapshot(id: number | string, enabled = true) {
  return useQuery({
    queryKey: snapshotKey(id),
    queryFn: () => unwrap(quietClient.GET('/api/invoices/{invoice_id}/snapshot', path(id))),
    enabled,
    retry: false,
  });
}

/** POST /api/invoices/{id}/status: a finalised invoice paid, outstanding or expired. */
export const markInvoice = (id: number | string, status: Mark) =>
  unwrap(client.POST('/api/invoices/{invoice_id}/status', { ...path(id), body: { status } }));

/** POST /api/invoices/{id}/credit: the credit invoice cancelling a finalised one in full. */
export const creditInvoice = (id: number | string) => unwrap(client.POST('/api/invoices/{invoice_id}/credit', path(id)));

/** Forget a snapshot after the invoice changed. */
export function useForgetSnapshot() {
  const queries = useQueryClient();
  return (id: number | string) => queries.invalidateQueries({ queryKey: snapshotKey(id) });
}

const PROFILE = ['billing-profile'];

export function useBillingProfile() {
  return useQuery({ queryKey: PROFILE, queryFn: () => unwrap(client.GET('/api/billing-profile')), retry: false });
}

export function useSaveBillingProfile() {
  const queries = useQueryClient();
  return useMutation({
    // the form shows a refusal under its field, so no toast
    mutationFn: (change: BillingProfileChange) => unwrap(quietClient.PUT('/api/billing-profile', { body: change })),
    onSuccess: (saved) => queries.setQueryData(PROFILE, saved),
  });
}
