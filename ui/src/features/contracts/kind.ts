import { PERIODS } from '@/components/display/record-facts';
import type { RecordKind } from '@/components/records/record-form';
import { clientFact, clientField, companyFact, companyField, named } from '@/components/records/kind-parts';

/** A contract's operator detail and form; without a period it is a prepaid card (SPEC §3.2). */
export const contractKind: RecordKind = {
  route: 'contracts',
  deletable: false,
  model: 'Contract',
  plural: 'Contracts',
  newTitle: 'New contract',
  show: 'contracts.show',
  versioned: false,
  label: named,
  order: ['name', 'asc'],
  searchField: 'name',
  withRelations: [],
  fields: [
    { name: 'name', label: 'Name', type: 'text', required: true, maxLength: 200 },
    { ...companyField, required: true },
    clientField,
    { name: 'service_id', label: 'Service', type: 'setting', lookup: 'services' },
    { name: 'period', label: 'Period', type: 'choice', options: PERIODS, empty: 'Prepaid card', only: 'create' },
    { name: 'quantity', label: 'Hours per period', type: 'number', required: true },
    { name: 'start_date', label: 'Start date', type: 'date', required: true, only: 'create' },
    { name: 'end_date', label: 'End date', type: 'date' },
  ],
  facts: [
    companyFact,
    clientFact,
    { label: 'Service', field: 'service', as: 'relation' },
    { label: 'Period', field: 'period', as: 'period' },
    { label: 'Hours per period', field: 'quantity', as: 'hours' },
    { label: 'Remaining', field: 'minutes_remaining', as: 'minutes' },
    { label: 'Start date', field: 'start_date', as: 'date' },
    { label: 'End date', field: 'end_date', as: 'expiry' },
  ],
};
