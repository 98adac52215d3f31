// The operator objects of SPEC §1 that share one list, detail and form layout: what each
// shows (facts, columns) and what its form sends, read from the operator API's routes.
import type { OperatorKey } from '@/lib/i18n';
import { PERIODS } from '../display/record-facts';
import type { FormField, RecordKind } from './record-form';
import { RECORD_KINDS } from './record-form';

const company: FormField = { name: 'company_id', label: 'Company', type: 'record', relation: 'company', lookup: 'companies' };
const client: FormField = { name: 'client_id', label: 'Client', type: 'record', relation: 'client', lookup: 'clients', byCompany: true };
const named = (r: { name?: unknown; label?: unknown; id: unknown }) => String(r.name ?? r.label ?? r.id);

/** SPEC §4: asset status internal types. */
export const OPERATOR_LINES: Record<number, OperatorKey> = { 1: 'First line', 2: 'Second line' };
const LANGUAGES: Record<string, OperatorKey> = { nl: 'Dutch', en: 'English', de: 'German' };

const people = (route: 'clients' | 'operators'): RecordKind => {
  const operators = route === 'operators';
  return {
    route,
    model: operators ? 'Operator' : 'Client',
    plural: operators ? 'Operators' : 'Clients',
    newTitle: operators ? 'New operator' : 'New client',
    show: `${route}.show`,
    versioned: false,
    label: (r) => String(r.full_name ?? r.email ?? r.id),
    order: ['full_name', 'asc'],
    searchField: 'full_name',
    deleteLabel: 'Deactivate',
    fields: [
      { name: 'first_name', label: 'First name', type: 'text', required: true, maxLength: 100 },
      { name: 'last_name', label: 'Last name', type: 'text', required: true, maxLength: 100 },
      { name: 'email', label: 'Email', type: 'text', email: true, required: true, maxLength: 254, only: 'create' },
      ...(operators
        ? [{ name: 'is_operator', label: 'Line', type: 'choice', options: OPERATOR_LINES, required: true, only: 'create' } as FormField]
        : [{ name: 'company_ids', label: 'Companies', type: 'records', relation: 'companies', lookup: 'companies' } as FormField]),
      { name: 'language', label: 'Language', type: 'choice', options: LANGUAGES },
    ],
    facts: [
      { label: 'Email', field: 'email', as: 'email' },
      ...(operators
        ? [{ label: 'Line', field: 'is_operator', as: 'choice', options: OPERATOR_LINES } as const]
        : [{ label: 'Companies', field: 'companies', as: 'relations', route: 'companies.show' } as const]),
      { label: 'Language', field: 'language', as: 'choice', options: LANGUAGES },
      { label: 'Active', field: 'active', as: 'boolean' },
    ],
    columns: [
      { label: 'Name', field: 'full_name', as: 'text' },
      { label: 'Email', field: 'email', as: 'email' },
      operators ? { label: 'Line', field: 'is_operator', as: 'choice', options: OPERATOR_LINES } : { label: 'Companies', field: 'companies', as: 'relations' },
    ],
  };
};

const setting = (route: string, model: OperatorKey, plural: OperatorKey, newTitle: OperatorKey, extra: FormField[], facts: RecordKind['facts']): RecordKind => ({
  route,
  model,
  plural,
  newTitle,
  show: `${route}.show`,
  versioned: false,
  label: named,
  order: ['order', 'asc'],
  searchField: 'label',
  withRelations: [],
  fields: [{ name: 'label', label: 'Name', type: 'text', required: true, maxLength: 200 }, ...extra, { name: 'is_default', label: 'Default', type: 'boolean' }],
  facts: [...(facts ?? []), { label: 'Default', field: 'is_default', as: 'boolean' }],
  columns: [{ label: 'Name', field: 'label', as: 'text' }, ...(facts ?? [])],
});

export const RESOURCE_KINDS: Record<string, RecordKind> = {
  ...RECORD_KINDS,
  companies: {
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
      { label: 'Archived', field: 'archived_at', as: 'date' },
    ],
  },
  contracts: {
    route: 'contracts',
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
      { ...company, required: true },
      client,
      { name: 'service_id', label: 'Service', type: 'setting', lookup: 'services' },
      { name: 'period', label: 'Period', type: 'choice', options: PERIODS, empty: 'Prepaid card', only: 'create' },
      { name: 'quantity', label: 'Hours per period', type: 'number', required: true },
      { name: 'start_date', label: 'Start date', type: 'date', required: true, only: 'create' },
      { name: 'end_date', label: 'End date', type: 'date' },
    ],
    facts: [
      { label: 'Company', field: 'company', as: 'relation', route: 'companies.show' },
      { label: 'Client', field: 'client', as: 'relation', route: 'clients.show' },
      { label: 'Service', field: 'service', as: 'relation' },
      { label: 'Period', field: 'period', as: 'period' },
      { label: 'Hours per period', field: 'quantity', as: 'hours' },
      { label: 'Remaining', field: 'minutes_remaining', as: 'minutes' },
      { label: 'Start date', field: 'start_date', as: 'date' },
      { label: 'End date', field: 'end_date', as: 'expiry' },
    ],
  },
  assets: {
    route: 'assets',
    model: 'Asset',
    plural: 'Assets',
    newTitle: 'New asset',
    show: 'assets.show',
    versioned: false,
    label: named,
    order: ['name', 'asc'],
    searchField: 'name',
    withRelations: [],
    fields: [
      { name: 'name', label: 'Name', type: 'text', required: true, maxLength: 200 },
      { name: 'description', label: 'Description', type: 'text', multiline: true },
      { name: 'serial_number', label: 'Serial number', type: 'text', maxLength: 200 },
      { name: 'tracking_number', label: 'Tracking number', type: 'text', maxLength: 200 },
      { name: 'warranty_until', label: 'Warranty until', type: 'date' },
      { name: 'status_id', label: 'Status', type: 'setting', lookup: 'asset_statuses' },
      { name: 'category_ids', label: 'Categories', type: 'settings', lookup: 'asset_categories', relation: 'categories' },
      company,
      client,
      { name: 'location_id', label: 'Location', type: 'record', relation: 'location', lookup: 'locations', byCompany: true },
    ],
    facts: [
      { label: 'Status', field: 'status_id', as: 'lookup', lookup: 'asset_statuses' },
      { label: 'Company', field: 'company', as: 'relation', route: 'companies.show' },
      { label: 'Client', field: 'client', as: 'relation', route: 'clients.show' },
      { label: 'Location', field: 'location', as: 'relation' },
      { label: 'Categories', field: 'categories', as: 'relations' },
      { label: 'Serial number', field: 'serial_number', as: 'text' },
      { label: 'Tracking number', field: 'tracking_number', as: 'text' },
      { label: 'Warranty until', field: 'warranty_until', as: 'expiry' },
      { label: 'Description', field: 'description', as: 'text' },
      { label: 'Updated', field: 'updated_at', as: 'datetime' },
    ],
    columns: [
      { label: 'Name', field: 'name', as: 'text' },
      { label: 'Company', field: 'company', as: 'relation' },
      { label: 'Client', field: 'client', as: 'relation' },
      { label: 'Status', field: 'status_id', as: 'lookup', lookup: 'asset_statuses' },
      { label: 'Serial number', field: 'serial_number', as: 'text' },
      { label: 'Warranty until', field: 'warranty_until', as: 'expiry' },
    ],
  },
  subscriptions: {
    route: 'subscriptions',
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
      { ...company, required: true, only: 'create' },
      { ...client, only: 'create' },
      { name: 'period', label: 'Period', type: 'choice', options: PERIODS, required: true, only: 'create' },
      { name: 'billing_start_date', label: 'Billing start date', type: 'date', required: true, only: 'create' },
      { name: 'direct_debit', label: 'Direct debit', type: 'boolean', only: 'create' },
      { name: 'termination_date', label: 'Termination date', type: 'date', only: 'edit' },
    ],
    facts: [
      { label: 'Company', field: 'company', as: 'relation', route: 'companies.show' },
      { label: 'Client', field: 'client', as: 'relation', route: 'clients.show' },
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
      { label: 'Company', field: 'company', as: 'relation' },
      { label: 'Total', field: 'total', as: 'money' },
      { label: 'Monthly', field: 'mrr', as: 'money' },
      { label: 'Period', field: 'period', as: 'period' },
      { label: 'Next invoice', field: 'next_billing_date', as: 'date' },
    ],
  },
  clients: people('clients'),
  operators: people('operators'),
  locations: {
    route: 'locations',
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
      company,
      { name: 'address_1', label: 'Address', type: 'text', maxLength: 200 },
      { name: 'city', label: 'City', type: 'text', maxLength: 100 },
    ],
    facts: [
      { label: 'Company', field: 'company', as: 'relation', route: 'companies.show' },
      { label: 'Address', field: 'address_1', as: 'text' },
      { label: 'City', field: 'city', as: 'text' },
      { label: 'Archived', field: 'archived_at', as: 'date' },
    ],
    columns: [
      { label: 'Name', field: 'name', as: 'text' },
      { label: 'Company', field: 'company', as: 'relation' },
      { label: 'City', field: 'city', as: 'text' },
    ],
  },
  slas: setting('slas', 'SLA', 'SLAs', 'New SLA', [{ name: 'response_hours', label: 'Response time (hours)', type: 'number', required: true }], [
    { label: 'Response time (hours)', field: 'response_hours', as: 'text' },
  ]),
  'prepaid-cards': setting(
    'prepaid-cards',
    'Prepaid card',
    'Prepaid cards',
    'New prepaid card',
    [
      { name: 'description', label: 'Description', type: 'text', maxLength: 200 },
      { name: 'hours', label: 'Hours', type: 'number', required: true },
      { name: 'price', label: 'Price', type: 'number', required: true },
    ],
    [
      { label: 'Description', field: 'description', as: 'text' },
      { label: 'Hours', field: 'hours', as: 'hours' },
      { label: 'Price', field: 'price', as: 'money' },
    ],
  ),
  'ticket-templates': {
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
      company,
      client,
      { name: 'priority_id', label: 'Priority', type: 'setting', lookup: 'priorities' },
      { name: 'category_id', label: 'Category', type: 'setting', lookup: 'categories' },
      { name: 'ticket_type_id', label: 'Ticket type', type: 'setting', lookup: 'ticket_types' },
    ],
    facts: [
      { label: 'Company', field: 'company', as: 'relation', route: 'companies.show' },
      { label: 'Client', field: 'client', as: 'relation', route: 'clients.show' },
      { label: 'Priority', field: 'priority_id', as: 'lookup', lookup: 'priorities' },
      { label: 'Category', field: 'category_id', as: 'lookup', lookup: 'categories' },
      { label: 'Ticket type', field: 'ticket_type_id', as: 'lookup', lookup: 'ticket_types' },
      { label: 'Updated', field: 'updated_at', as: 'datetime' },
    ],
    columns: [
      { label: 'Description', field: 'description', as: 'text' },
      { label: 'Company', field: 'company', as: 'relation' },
      { label: 'Priority', field: 'priority_id', as: 'lookup', lookup: 'priorities' },
    ],
  },
};

export type ResourceName = keyof typeof RESOURCE_KINDS;
