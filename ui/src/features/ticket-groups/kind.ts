import type { RecordKind } from '@/components/records/record-form';
import { archivedFact, companyFact, companyField } from '@/components/records/kind-parts';

export const ticketGroupKind: RecordKind = {
  route: 'ticket-groups',
  model: 'Ticket group',
  plural: 'Ticket groups',
  newTitle: 'New ticket group',
  show: 'ticket-groups.show',
  versioned: false,
  archivable: true,
  label: (r) => String(r.name ?? r.id),
  fields: [{ name: 'name', label: 'Name', type: 'text', required: true }, companyField],
  facts: [{ label: 'Name', field: 'name', as: 'archivable' }, companyFact, archivedFact],
};
