import { PERIODS } from '@/components/display/record-facts';
import type { RecordKind } from '@/components/records/record-form';
import { clientFact, clientField, companyColumn, companyFact, companyField } from '@/components/records/kind-parts';

/** A subscription's operator list, detail and form: set up once, then its lines and end change. */
export const subscriptionKind: RecordKind = {
  route: 'subscriptions',
  companyFilter: true,
  deletable: false,
  model: 'Subscription',
  plural: 'Subscriptions',
  newTitle: 'New subscription',
  show: 'subscriptions.show',
  versioned: false,
  label: (r) => String(r.description ?? r.id),
  order: ['next_billing_date', 'asc'],
  searchField: 'description',
  withRelations: [],
  fields: [
    { name: 'description', label: 'Description', type: 'text', required: true, maxLength: 200, only: 'create' },
    { ...companyField, required: true, only: 'create' },
    { ...clientField, only: 'create' },
    { name: 'period', label: 'Period', type: 'choice', options: PERIODS, required: true, only: 'create' },
    { name: 'billing_start_date', label: 'Billing start date', type: 'date', required: true, only: 'create' },
    { name: 'direct_debit', label: 'Direct debit', type: 'boolean', only: 'create' },
    { name: 'lines', label: 'Lines', type: 'lines' },
    { name: 'termination_date', label: 'Termination date', type: 'date', only: 'edit' },
  ],
  facts: [
    companyFact,
    clientFact,
    { label: 'Period', field: 'period', as: 'period' },
    { label: 'Total', field: 'total', as: 'money' },
    { label: 'Monthly', field: 'mrr', as: 'money' },
    { label: 'Billing start date', field: 'billing_start_date', as: 'date' },
    { label: 'Period start', field: 'start_period', as: 'date' },
    { label: 'Period end', field: 'end_period', as: 'date' },
    { label: 'Next invoice', field: 'next_billing_date', as: 'date' },
    { label: 'Termination date', field: 'termination_date', as: 'date' },
    { label: 'Direct debit', field: 'direct_debit', as: 'boolean' },
  ],
  columns: [
    { label: 'Description', field: 'description', as: 'text' },
    companyColumn,
    { label: 'Total', field: 'total', as: 'money' },
    { label: 'Monthly', field: 'mrr', as: 'money' },
    { label: 'Period', field: 'period', as: 'period' },
    { label: 'Next invoice', field: 'next_billing_date', as: 'date' },
  ],
};
