import type { RecordKind } from '@/components/records/record-form';
import { archivedFact, companyColumn, companyFact, companyField, named } from '@/components/records/kind-parts';

/** A company's location: archived rather than deleted. */
export const locationKind: RecordKind = {
  route: 'locations',
  companyFilter: true,
  model: 'Location',
  plural: 'Locations',
  newTitle: 'New location',
  show: 'locations.show',
  versioned: false,
  archivable: true,
  label: named,
  order: ['name', 'asc'],
  searchField: 'name',
  fields: [
    { name: 'name', label: 'Name', type: 'text', required: true, maxLength: 200 },
    companyField,
    { name: 'address_1', label: 'Address', type: 'text', maxLength: 200 },
    { name: 'city', label: 'City', type: 'text', maxLength: 100 },
  ],
  facts: [companyFact, { label: 'Address', field: 'address_1', as: 'text' }, { label: 'City', field: 'city', as: 'text' }, archivedFact],
  columns: [{ label: 'Name', field: 'name', as: 'text' }, companyColumn, { label: 'City', field: 'city', as: 'text' }],
};
