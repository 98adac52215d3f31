import type { OperatorKey } from '@/lib/i18n';
import type { RecordKind } from '@/components/records/record-form';
import { LANGUAGES } from '@/components/records/kind-parts';

/** SPEC §4: an operator's line. */
export const OPERATOR_LINES: Record<number, OperatorKey> = { 1: 'First line', 2: 'Second line' };

/** An operator's pages: the line is chosen once, when the operator is added. */
export const operatorKind: RecordKind = {
  route: 'operators',
  model: 'Operator',
  plural: 'Operators',
  newTitle: 'New operator',
  show: 'operators.show',
  versioned: false,
  label: (r) => String(r.full_name ?? r.email ?? r.id),
  order: ['full_name', 'asc'],
  searchField: 'full_name',
  deleteLabel: 'Deactivate',
  companyFilter: false,
  fields: [
    { name: 'first_name', label: 'First name', type: 'text', required: true, maxLength: 100 },
    { name: 'last_name', label: 'Last name', type: 'text', required: true, maxLength: 100 },
    { name: 'email', label: 'Email', type: 'text', email: true, required: true, maxLength: 254, only: 'create' },
    { name: 'is_operator', label: 'Line', type: 'choice', options: OPERATOR_LINES, required: true, only: 'create' },
    { name: 'language', label: 'Language', type: 'choice', options: LANGUAGES },
  ],
  facts: [
    { label: 'Email', field: 'email', as: 'email' },
    { label: 'Line', field: 'is_operator', as: 'choice', options: OPERATOR_LINES },
    { label: 'Language', field: 'language', as: 'choice', options: LANGUAGES },
    { label: 'Active', field: 'active', as: 'boolean' },
  ],
  columns: [
    { label: 'Name', field: 'full_name', as: 'text' },
    { label: 'Email', field: 'email', as: 'email' },
    { label: 'Line', field: 'is_operator', as: 'choice', options: OPERATOR_LINES },
  ],
};
