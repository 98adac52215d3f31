import type { RecordKind } from '@/components/records/record-form';
import { LANGUAGES } from '@/components/records/kind-parts';

/** A client's operator pages: a person of one or more companies, deactivated rather than deleted. */
export const clientKind: RecordKind = {
  route: 'clients',
  model: 'Client',
  plural: 'Clients',
  newTitle: 'New client',
  show: 'clients.show',
  versioned: false,
  label: (r) => String(r.full_name ?? r.email ?? r.id),
  order: ['full_name', 'asc'],
  searchField: 'full_name',
  deleteLabel: 'Deactivate',
  companyFilter: true,
  fields: [
    { name: 'first_name', label: 'First name', type: 'text', required: true, maxLength: 100 },
    { name: 'last_name', label: 'Last name', type: 'text', required: true, maxLength: 100 },
    { name: 'email', label: 'Email', type: 'text', email: true, required: true, maxLength: 254, only: 'create' },
    { name: 'company_ids', label: 'Companies', type: 'records', relation: 'companies', lookup: 'companies' },
    { name: 'language', label: 'Language', type: 'choice', options: LANGUAGES },
  ],
  facts: [
    { label: 'Email', field: 'email', as: 'email' },
    { label: 'Companies', field: 'companies', as: 'relations', route: 'companies.show' },
    { label: 'Language', field: 'language', as: 'choice', options: LANGUAGES },
    { label: 'Active', field: 'active', as: 'boolean' },
  ],
  columns: [
    { label: 'Name', field: 'full_name', as: 'text' },
    { label: 'Email', field: 'email', as: 'email' },
    { label: 'Companies', field: 'companies', as: 'relations' },
  ],
};
