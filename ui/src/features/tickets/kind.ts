import type { Rec, RecordKind } from '@/components/records/record-form';
import { clientField, companyField } from '@/components/records/kind-parts';
import { openTicket, type NewTicket } from './api/open-ticket';

/** An operator's ticket form: opened by POST /tickets/open, edited with its version. */
export const ticketKind: RecordKind = {
  route: 'tickets',
  model: 'Ticket',
  plural: 'Tickets',
  newTitle: 'New ticket',
  show: 'tickets.show',
  versioned: true,
  deletable: false,
  label: (r) => String(r.reference ?? r.id),
  createLabel: 'Create ticket',
  create: (body) => openTicket(body as NewTicket) as unknown as Promise<Rec>,
  fields: [
    { name: 'description', label: 'Description', type: 'text', required: true, maxLength: 250 },
    companyField,
    clientField,
    { name: 'original_email_from', label: 'Sender email (no client)', type: 'text', email: true, maxLength: 254, only: 'create' },
    // The status has its own selector on the ticket's page.
    { name: 'status_id', label: 'Status', type: 'setting', lookup: 'ticket_statuses', only: 'create' },
    { name: 'priority_id', label: 'Priority', type: 'setting', lookup: 'priorities' },
    { name: 'category_id', label: 'Category', type: 'setting', lookup: 'categories', only: 'edit' },
    { name: 'ticket_type_id', label: 'Ticket type', type: 'setting', lookup: 'ticket_types', only: 'edit' },
    { name: 'operator_id', label: 'Assignee', type: 'setting', lookup: 'operators', textIds: true, only: 'edit' },
  ],
};
