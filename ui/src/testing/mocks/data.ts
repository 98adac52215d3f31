// Fixed sample data in the row shapes of docs/portal-api.md.
import type { Me, Paginated, SystemStatus, User } from '@/types/models';

export const status: SystemStatus = { setup_completed: true, trial_ends_in: null, tenant_name: 'Demo', tenant: 'demo' };

export const PORTAL_PERMISSIONS = [
  'tickets.index',
  'tickets.show',
  'tickets.create',
  'quotes.index',
  'quotes.show',
  'subscriptions.index',
  'subscriptions.show',
  'assets.index',
  'assets.show',
  'contracts.index',
  'contracts.show',
  'invoices.index',
  'invoices.show',
  'tenant.exports.index',
  'tenant.table-presets.store',
  'tenant.contracts.buy',
];

export const user: User = {
  id: '7',
  full_name: 'Carla Client',
  first_name: 'Carla',
  last_name: 'Client',
  email: 'client@demo.test',
  is_operator: 0,
  company: { id: '3', name: 'Acme BV' },
  permissions_names: PORTAL_PERMISSIONS,
  modules: { mod_invoice_export_pdf: true },
  configs: [],
  categories: [],
  language: 'nl',
};

const item = (id: number, label: string, order = id) => ({ id, label, order, is_default: false });

export const me: Me = {
  user,
  lookups: {
    activities: [item(1, 'Support')],
    asset_categories: [item(1, 'Laptop'), item(2, 'Printer')],
    asset_statuses: [],
    business_hour_contracts: [],
    categories: [item(1, 'Hardware')],
    configs: [
      {
        name: 'ticketing.ticket_fields_config',
        value: JSON.stringify({ priority_id: { required_portal: true, label: 'Priority' } }),
        input_type: 'json',
      },
    ],
    contract_periods: [],
    countries: [],
    custom_fields: [],
    operator_types: [],
    operators: [],
    permissions: [],
    prepaid_cards: [
      { id: 1, label: '10 hours', description: '10 hours', hours: 10, price: 850, quantity: 1 },
      { id: 2, label: '20 hours', description: '20 hours', hours: 20, price: 1600, quantity: 1 },
    ],
    priorities: [item(1, 'Low'), item(2, 'High')],
    products: [],
    roles: [],
    services: [],
    slas: [],
    subscription_periods: [],
    ticket_sources: [],
    ticket_statuses: [
      { ...item(1, 'Open'), name: 'open', name_client: 'Open', style: 'info', style_client: 'info', type: 1 },
      { ...item(2, 'Closed'), name: 'closed', name_client: 'Closed', style: 'ok', style_client: 'ok', type: 2 },
    ],
    ticket_types: [],
    table_presets: [],
  },
};

export const company = { id: 3, name: 'Acme BV' };
export const client = { id: 7, full_name: 'Carla Client' };

export function page<T>(data: T[], total = data.length, perPage = 15, current = 1): Paginated<T> {
  return {
    data,
    from: data.length ? (current - 1) * perPage + 1 : null,
    to: data.length ? (current - 1) * perPage + data.length : null,
    total,
    total_is_estimate: false,
    per_page: perPage,
    current_page: current,
    last_page: Math.max(1, Math.ceil(total / perPage)),
  };
}

export const tickets = Array.from({ length: 15 }, (_, i) => ({
  id: i + 1,
  reference: `T-${1000 + i}`,
  description: `Printer on floor ${i + 1} is jammed`,
  status_id: 1,
  status: { id: 1, name: 'open', name_client: 'Open', style: 'info', style_client: 'info', type: 1 },
  priority: null,
  company,
  client,
  updated_at: '2026-11-20T10:15:00Z',
  created_at: '2026-11-19T08:00:00Z',
  resolved_at: null,
  is_template: false,
}));

export const ticketDetail = {
  ...tickets[0],
  custom_values: [],
  messages: [
    {
      id: 11,
      message: 'The printer is jammed.',
      format: 'text',
      type: 'message',
      is_from_client: 1,
      visible_to_client: 1,
      created_at: '2026-11-19T08:00:00Z',
      actor: { id: 7, full_name: 'Carla Client', is_operator: 0 },
      attachments: [],
    },
  ],
};

export const quotes = [
  { id: 1, name: 'Network upgrade', label: 'Q-2026-001', status_id: 2, total: 1250.5, client, company, deal: { client, company }, updated_at: '2026-11-18T09:00:00Z', created_at: '2026-11-10T09:00:00Z' },
  { id: 2, name: 'New laptops', label: 'Q-2026-002', status_id: 3, total: 4800, client, company, deal: { client, company }, updated_at: '2026-11-17T09:00:00Z', created_at: '2026-11-09T09:00:00Z' },
];

export const quoteDetail = {
  ...quotes[0],
  lines: [{ description: 'Switch 24 ports', quantity: 2, price: 625.25, total: 1250.5 }],
  custom_fields: [],
  acceptance: null,
};

export const contracts = [
  { id: 1, name: 'Prepaid support', period: null, period_label: null, quantity: 10, minutes_remaining: 300, start_date: '2026-01-01', end_date: '2026-12-31', client, company, service: null },
  { id: 2, name: 'Managed workplace', period: 'month', period_label: 'Month', quantity: 8, minutes_remaining: 120, start_date: '2026-01-01', end_date: null, client, company, service: { id: 1, label: 'Workplace' } },
];

export const contractDetail = {
  ...contracts[0],
  contractPeriods: [
    {
      id: 1,
      period_start: '2026-01-01',
      period_end: '2026-12-31',
      registered_time: 300,
      minutes_remaining: 300,
      time_registrations: [
        { id: 1, ticket_id: 1, ticket_reference: 'T-1000', ticket_description: 'Printer jammed', time_spent_rounded: 90, executed_at: '2026-11-19T09:00:00Z', activity: { id: 1, name: 'Support' }, description: 'Cleared the jam', operator: { id: 2, full_name: 'Olga Operator' } },
      ],
    },
  ],
};

export const subscriptions = [
  { id: 1, description: 'Microsoft 365', company, client, total: 1234.5, mrr: 102.88, period: 'year', period_label: 'Year', periods: 1, billing_start_date: '2026-01-01', start_period: '2026-01-01', end_period: '2026-12-31', termination_date: null, next_billing_date: '2027-01-01', direct_debit: true, updated_at: '2026-11-01T00:00:00Z', created_at: '2026-01-01T00:00:00Z' },
];

export const subscriptionDetail = {
  ...subscriptions[0],
  lines: [{ description: 'Business Standard', quantity: 10, price: 123.45, total: 1234.5 }],
};

export const assets = [
  { id: 1, name: 'Laptop 14', description: 'Sales laptop', serial_number: 'SN-1', tracking_number: 'TR-1', warranty_until: '2027-05-01', client, company, location: null, categories: [{ id: 1, label: 'Laptop' }], status_id: 4, updated_at: '2026-11-01T00:00:00Z', created_at: '2026-01-01T00:00:00Z' },
];

export const assetDetail = { ...assets[0], messages: [] };

export const invoices = [
  { id: 1, InvoiceCode: 'F-2026-001', ReferenceNumber: 'REF-1', AmountIncl: 1512.5, Date: '2026-11-01', Status: 4, ViewURL: '/api/invoices/1/download' },
];

export const presets = [
  { id: 1, label: 'Open tickets', styling: null, type: 'tickets', columns_config: null, order_config: null, filter_config: JSON.stringify({ whereIn: [['status_id', ['1']]] }), pagination_config: null },
];
