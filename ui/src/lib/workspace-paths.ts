// The named routes of SPEC §2.1, mapped onto paths under the operator prefix.
export const OPERATOR_BASE = '/operator';

export const NAMED_ROUTES: Record<string, string> = {
  'assets.show': '/assets/:id',
  'companies.show': '/companies/:id',
  'contracts.show': '/contracts/:id',
  'deals.show': '/deals/:id',
  'invoices.show': '/invoices/:id',
  'project.show': '/projects/:id',
  'quotes.show': '/quotes/:id',
  'slas.show': '/slas/:id',
  'subscriptions.show': '/subscriptions/:id',
  'ticket-groups.show': '/ticket-groups/:id',
  'tickets.show': '/tickets/:id',
  'operators.show': '/operators/:id',
  'clients.show': '/clients/:id',
  'ticket-templates.show': '/tickets/templates/:id',
  'ticket-templates.index': '/tickets/templates',
  'ticket-templates.create': '/tickets/templates/create',
  'tickets.index': '/tickets',
  'tickets.create': '/tickets/create',
  'quotes.create': '/quotes/create',
  'ticket-groups.index': '/ticket-groups',
  'ticket-groups.create': '/ticket-groups/create',
  'deals.create': '/deals/create',
  'projects.create': '/projects/create',
  'used-products.create': '/used-products/create',
};

/** The path of a named route; an unknown '{prefix}.show' falls back to /{prefix}/{id}. */
export function routePath(name: string, id?: number | string, hash?: string): string {
  let pattern = NAMED_ROUTES[name];
  if (!pattern) {
    const [prefix, action] = name.split('.');
    pattern = action === 'show' ? `/${prefix}/:id` : action === 'create' ? `/${prefix}/create` : `/${prefix}`;
  }
  const path = OPERATOR_BASE + pattern.replace(':id', id === undefined ? '' : encodeURIComponent(String(id)));
  if (!hash) return path;
  return `${path}#${hash.replace(/^#/, '')}`;
}

/** A ticket-like object links through its own route prefix, tickets by default. */
export function objectPath(obj: { id: number | string; route?: string | null }, hash?: string): string {
  return routePath(`${obj.route || 'tickets'}.show`, obj.id, hash);
}

export const messageHash = (id: number | string) => `message-${id}`;
