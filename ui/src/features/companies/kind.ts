import type { RecordKind } from '@/components/records/record-form';
import { archivedFact, named } from '@/components/records/kind-parts';
import type { OperatorKey } from '@/lib/i18n';

/** Peppol EAS codes of a buyer's electronic address. */
const ELECTRONIC_SCHEMES: Record<string, OperatorKey> = {
  '0106': 'KvK number (0106)',
  '9944': 'Dutch VAT number (9944)',
  '0088': 'GLN (0088)',
  '0190': 'Dutch OIN (0190)',
  EM: 'E-mail (EM)',
};

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
    // what an invoice names of its buyer (the e-invoice asks for them)
    { name: 'postal_code', label: 'Postal code', type: 'text', maxLength: 20 },
    { name: 'vat_number', label: 'VAT number', type: 'text', maxLength: 20 },
    { name: 'kvk_number', label: 'KvK number', type: 'text', maxLength: 8 },
    { name: 'electronic_address_scheme', label: 'Electronic address', type: 'choice', options: ELECTRONIC_SCHEMES, empty: '(none)' },
    { name: 'electronic_address_id', label: 'Identifier', type: 'text', maxLength: 100 },
  ],
  facts: [
    { label: 'Name', field: 'name', as: 'archivable' },
    { label: 'Address', field: 'address_1', as: 'text' },
    { label: 'City', field: 'city', as: 'text' },
    { label: 'Country', field: 'country', as: 'text' },
    { label: 'Email', field: 'email', as: 'email' },
    { label: 'Phone', field: 'phone', as: 'text' },
    { label: 'Postal code', field: 'postal_code', as: 'text' },
    { label: 'VAT number', field: 'vat_number', as: 'text' },
    { label: 'KvK number', field: 'kvk_number', as: 'text' },
    { label: 'Electronic address', field: 'electronic_address_id', as: 'text' },
    archivedFact,
  ],
};
