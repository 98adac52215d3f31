import type { OperatorKey } from '@/lib/i18n';
import type { RecordKind } from '@/components/records/record-form';
import { companyFact, companyField, described } from '@/components/records/kind-parts';

/** SPEC §4: used-product types and invoice moments, from their numbers. */
export const USED_PRODUCT_TYPES: Record<number, OperatorKey> = { 1: 'Product', 2: 'Fixed price', 3: 'Calculation' };
export const INVOICE_MOMENTS: Record<number, OperatorKey> = { 1: 'Quote accepted', 2: 'Start of phase', 3: 'End of phase' };

export const usedProductKind: RecordKind = {
  route: 'used-products',
  model: 'Used product',
  plural: 'Used products',
  newTitle: 'New used product',
  show: 'used-products.show',
  versioned: true,
  label: described,
  fields: [
    { name: 'description', label: 'Description', type: 'text', required: true },
    companyField,
    { name: 'project_id', label: 'Project', type: 'record', listRoute: 'projects', byCompany: true },
    { name: 'ticket_id', label: 'Ticket', type: 'record', lookup: 'tickets', byCompany: true },
    { name: 'quantity', label: 'Quantity', type: 'number', required: true },
    { name: 'price', label: 'Price', type: 'number', required: true },
    { name: 'type', label: 'Type', type: 'choice', options: USED_PRODUCT_TYPES, required: true },
    { name: 'invoice_moment', label: 'Invoice moment', type: 'choice', options: INVOICE_MOMENTS, required: true },
  ],
  facts: [
    companyFact,
    { label: 'Quantity', field: 'quantity', as: 'text' },
    { label: 'Price', field: 'price', as: 'money' },
    { label: 'Total', field: 'total', as: 'money' },
    { label: 'Type', field: 'type', as: 'choice', options: USED_PRODUCT_TYPES },
    { label: 'Invoice moment', field: 'invoice_moment', as: 'choice', options: INVOICE_MOMENTS },
  ],
};
