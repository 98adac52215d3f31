import type { RecordKind } from '@/components/records/record-form';
import { clientFact, clientField, companyColumn, companyFact, companyField, updatedFact } from '@/components/records/kind-parts';

/** A ticket template's operator pages, under tickets/templates (SPEC §2.1). */
export const ticketTemplateKind: RecordKind = {
  route: 'ticket-templates',
  model: 'Ticket template',
  plural: 'Ticket templates',
  newTitle: 'New ticket template',
  show: 'ticket-templates.show',
  versioned: true,
  label: (r) => String(r.description ?? r.reference ?? r.id),
  order: ['description', 'asc'],
  searchField: 'description',
  withRelations: [],
  fields: [
    { name: 'description', label: 'Description', type: 'text', required: true, maxLength: 250 },
    companyField,
    clientField,
    { name: 'priority_id', label: 'Priority', type: 'setting', lookup: 'priorities' },
    { name: 'category_id', label: 'Category', type: 'setting', lookup: 'categories' },
    { name: 'ticket_type_id', label: 'Ticket type', type: 'setting', lookup: 'ticket_types' },
  ],
  facts: [
    companyFact,
    clientFact,
    { label: 'Priority', field: 'priority_id', as: 'lookup', lookup: 'priorities' },
    { label: 'Category', field: 'category_id', as: 'lookup', lookup: 'categories' },
    { label: 'Ticket type', field: 'ticket_type_id', as: 'lookup', lookup: 'ticket_types' },
    updatedFact,
  ],
  columns: [
    { label: 'Description', field: 'description', as: 'text' },
    companyColumn,
    // List rows carry the priority itself, not its id; its label comes from the lookups.
    { label: 'Priority', field: 'priority', as: 'lookup', lookup: 'priorities' },
  ],
};
