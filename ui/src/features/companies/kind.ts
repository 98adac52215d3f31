import type { RecordKind } from '@/components/records/record-form';
import { archivedFact, named } from '@/components/records/kind-parts';

/** A company's operator list, detail and form (SPEC §1). */
export const companyKind: RecordKind = {
  route: 'companies',
  model: 'Company',
  plural: 'Companies',
  newTitle: 'New company',
  show: 'companies.show',
  versioned: false,
  archivable: true,
  label: named,
  order: ['name', 'asc'],
  searchField: 'name',
  withRelations: [],
  fields: [
    { name: 'name', label: 'Name', type: 'text', required: true, maxLength: 200 },
    { name: 'address_1', label: 'Address', type: 'text', maxLength: 200 },
    { name: 'city', label: 'City', type: 'text', maxLength: 100 },
    { name: 'country', label: 'Country', type: 'text', maxLength: 100 },
    { name: 'email', label: 'Email', type: 'text', email: true, maxLength: 254 },
    { name: 'phone', label: 'Phone', type: 'text', maxLength: 50 },
  ],
  facts: [
    { label: 'Name', field: 'name', as: 'archivable' },
    { label: 'Address', field: 'address_1', as: 'text' },
    { label: 'City', field: 'city', as: 'text' },
    { label: 'Country', field: 'country', as: 'text' },
    { label: 'Email', field: 'email', as: 'email' },
    { label: 'Phone', field: 'phone', as: 'text' },
    archivedFact,
  ],
};
