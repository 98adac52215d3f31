import type { OperatorKey } from '@/lib/i18n';

/** The records an auditor may open: the API's model name and its label. */
export const AUDITED: readonly { model: string; label: OperatorKey }[] = [
  { model: 'tickets', label: 'Tickets' },
  { model: 'quotes', label: 'Quotes' },
  { model: 'contracts', label: 'Contracts' },
  { model: 'invoices', label: 'Invoices' },
  { model: 'subscriptions', label: 'Subscriptions' },
  { model: 'assets', label: 'Assets' },
  { model: 'companies', label: 'Companies' },
  { model: 'deals', label: 'Deals' },
  { model: 'projects', label: 'Projects' },
  { model: 'used-products', label: 'Used products' },
  { model: 'clients', label: 'Clients' },
  { model: 'operators', label: 'Operators' },
  { model: 'locations', label: 'Locations' },
  { model: 'ticket-groups', label: 'Ticket groups' },
];

/** The label of a model, or the model's own name. */
export function modelLabel(model: string): OperatorKey | null {
  return AUDITED.find((m) => m.model === model)?.label ?? null;
}
