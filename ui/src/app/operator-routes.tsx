import './operator.css';
import type { RouteObject } from 'react-router-dom';
import { OperatorLayout, WorkspaceHome } from './workspace-layout';
import type { RecordKind } from '@/components/records/record-form';
import { preloadRecord } from '@/components/records/api/resources';
import { detailRelations } from '@/components/records/kind-parts';
import { readsRecord } from '@/lib/preload';
import { preloadOperatorTicket } from '@/features/tickets/api/ticket-actions';
import { OPERATOR_BASE } from '@/lib/workspace-paths';
import { withTimeout } from './routes';
import { assetKind } from '@/features/assets/kind';
import { clientKind } from '@/features/clients/kind';
import { companyKind } from '@/features/companies/kind';
import { contractKind } from '@/features/contracts/kind';
import { dealKind } from '@/features/deals/kind';
import { locationKind } from '@/features/locations/kind';
import { operatorKind } from '@/features/operators/kind';
import { prepaidCardKind } from '@/features/prepaid-cards/kind';
import { projectKind } from '@/features/projects/kind';
import { slaKind } from '@/features/slas/kind';
import { subscriptionKind } from '@/features/subscriptions/kind';
import { ticketGroupKind } from '@/features/ticket-groups/kind';
import { ticketTemplateKind } from '@/features/ticket-templates/kind';
import { usedProductKind } from '@/features/used-products/kind';

// handle.name is the route name of SPEC §2.1 (and the permission a guard may check). Each
// page's code loads on its first visit, inside the workspace's frame: the first page of
// the workspace downloads its own screen, not all of them.
// A record's page also names its read (`read`), which starts with the page's code rather than
// once the page has loaded and drawn; the page then takes that answer (lib/preload.ts).
const page = (path: string, name: string, load: () => Promise<React.ReactNode>, read?: (id: string) => void): RouteObject => ({
  path,
  handle: { name },
  lazy: async () => ({ element: await withTimeout(load) }),
  ...(read && readsRecord(read)),
});

/** The read of the shared record page of a kind. */
const recordOf = (kind: RecordKind) => (id: string) => preloadRecord(kind.route, id, detailRelations(kind));

// The objects with one shared list, detail and form layout (each feature's kind.ts):
// [path, kind]; ticket templates live under tickets/templates (SPEC §2.1).
const KINDS: Record<string, RecordKind> = {
  assets: assetKind,
  subscriptions: subscriptionKind,
  clients: clientKind,
  operators: operatorKind,
  locations: locationKind,
  slas: slaKind,
  'prepaid-cards': prepaidCardKind,
  'ticket-templates': ticketTemplateKind,
};
const resources: [string, string][] = [
  ['assets', 'assets'],
  ['subscriptions', 'subscriptions'],
  ['clients', 'clients'],
  ['operators', 'operators'],
  ['locations', 'locations'],
  ['prepaid-cards', 'prepaid-cards'],
  ['tickets/templates', 'ticket-templates'],
];
const resourcePages = resources.flatMap(([path, route]) => {
  const kind = KINDS[route];
  return [
    page(path, `${route}.index`, () => import('@/components/records/resource-pages').then((m) => <m.ResourceListPage key={route} kind={kind} />)),
    page(`${path}/create`, `${route}.store`, () => import('@/components/records/resource-pages').then((m) => <m.ResourceCreatePage key={route} kind={kind} />)),
    page(`${path}/:id`, `${route}.show`, () => import('@/components/records/resource-pages').then((m) => <m.ResourceDetailPage key={route} kind={kind} />), recordOf(kind)),
  ];
});

/** The operator workspace under /operator, for the app router to mount. */
export const operatorRoutes: RouteObject[] = [
  {
    path: OPERATOR_BASE,
    element: <OperatorLayout />,
    // The workspace's frame shows while the first page's code downloads (the same layout,
    // so it stays as it is when the page arrives).
    hydrateFallbackElement: <OperatorLayout />,
    children: [
      // open to every operator: it moves on to the first page the operator may open
      { index: true, element: <WorkspaceHome />, handle: { name: 'workspace' } },
      page('tickets', 'tickets.index', () => import('@/features/tickets/components/operator/ticket-queue').then((m) => <m.TicketQueue />)),
      page('tickets/create', 'tickets.store', () => import('@/features/tickets/components/operator/ticket-create-page').then((m) => <m.TicketCreatePage />)),
      page('tickets/:id', 'tickets.show', () => import('@/features/tickets/components/operator/ticket-detail-page').then((m) => <m.TicketDetailPage />), preloadOperatorTicket),
      page('quotes', 'quotes.index', () => import('@/features/quotes/components/operator/quote-pages').then((m) => <m.QuotesPage />)),
      page('quotes/create', 'quotes.store', () => import('@/features/quotes/components/operator/quote-create-page').then((m) => <m.QuoteCreatePage />)),
      page('quotes/:id', 'quotes.show', () => import('@/features/quotes/components/operator/quote-pages').then((m) => <m.QuoteDetailPage />)),
      page('contracts', 'contracts.index', () => import('@/features/contracts/components/operator/contract-pages').then((m) => <m.ContractsPage />)),
      page('contracts/create', 'contracts.store', () => import('@/components/records/resource-pages').then((m) => <m.ResourceCreatePage key="contracts" kind={contractKind} />)),
      page('contracts/:id', 'contracts.show', () => import('@/features/contracts/components/operator/contract-pages').then((m) => <m.ContractDetailPage />), recordOf(contractKind)),
      page('invoices', 'invoices.index', () => import('@/features/invoices/components/operator/invoice-pages').then((m) => <m.InvoicesPage />)),
      page('invoices/:id', 'invoices.show', () => import('@/features/invoices/components/operator/invoice-pages').then((m) => <m.InvoiceDetailPage />)),
      page('companies', 'companies.index', () => import('@/features/companies/components/operator/company-pages').then((m) => <m.CompaniesPage />)),
      page('companies/create', 'companies.store', () => import('@/components/records/resource-pages').then((m) => <m.ResourceCreatePage key="companies" kind={companyKind} />)),
      page('companies/:id', 'companies.show', () => import('@/features/companies/components/operator/company-pages').then((m) => <m.CompanyDetailPage />), recordOf(companyKind)),
      page('ticket-groups', 'ticket-groups.index', () => import('@/features/ticket-groups/components/operator/ticket-group-pages').then((m) => <m.TicketGroupsPage />)),
      page('ticket-groups/create', 'ticket-groups.store', () => import('@/components/records/record-form').then((m) => <m.RecordCreatePage key="ticket-groups" kind={ticketGroupKind} />)),
      page('ticket-groups/:id', 'ticket-groups.show', () => import('@/features/ticket-groups/components/operator/ticket-group-pages').then((m) => <m.TicketGroupDetailPage />), recordOf(ticketGroupKind)),
      page('time', 'time-registrations.index', () => import('@/features/time-registrations/components/operator/open-time-page').then((m) => <m.OpenTimePage />)),
      page('time-registrations', 'time-registrations.index', () => import('@/features/time-registrations/components/operator/time-registrations-page').then((m) => <m.TimeRegistrationsPage />)),
      page('time-registrations/:id', 'time-registrations.show', () => import('@/features/time-registrations/components/operator/time-registration-page').then((m) => <m.TimeRegistrationPage />)),
      page('deals', 'deals.index', () => import('@/features/deals/components/operator/deal-pages').then((m) => <m.DealsPage />)),
      page('deals/create', 'deals.store', () => import('@/components/records/record-form').then((m) => <m.RecordCreatePage key="deals" kind={dealKind} />)),
      page('deals/:id', 'deals.show', () => import('@/components/records/resource-pages').then((m) => <m.ResourceDetailPage key="deals" kind={dealKind} />), recordOf(dealKind)),
      page('projects', 'projects.index', () => import('@/features/projects/components/operator/project-pages').then((m) => <m.ProjectsPage />)),
      page('projects/create', 'projects.store', () => import('@/components/records/record-form').then((m) => <m.RecordCreatePage key="projects" kind={projectKind} />)),
      // Links name it project.show (SPEC §2.1); the guard checks the permission projects.show.
      page('projects/:id', 'projects.show', () => import('@/components/records/resource-pages').then((m) => <m.ResourceDetailPage key="projects" kind={projectKind} />), recordOf(projectKind)),
      page('used-products', 'used-products.index', () => import('@/features/used-products/components/operator/used-product-pages').then((m) => <m.UsedProductsPage />)),
      page('used-products/create', 'used-products.store', () => import('@/components/records/record-form').then((m) => <m.RecordCreatePage key="used-products" kind={usedProductKind} />)),
      page('used-products/:id', 'used-products.show', () => import('@/components/records/resource-pages').then((m) => <m.ResourceDetailPage key="used-products" kind={usedProductKind} />), recordOf(usedProductKind)),
      page('search', 'tickets.index', () => import('@/features/search/components/search-page').then((m) => <m.SearchPage audience="operator" />)),
      page('sla-report', 'tickets.index', () => import('@/features/sla-report/components/operator/sla-report-page').then((m) => <m.SlaReportPage />)),
      page('mentions', 'messages.index', () => import('@/features/notifications/components/operator/notifications-page').then((m) => <m.NotificationsPage />)),
      page('settings', 'settings.index', () => import('@/features/settings/components/operator/settings-pages').then((m) => <m.SettingsIndexPage />)),
      // the mail settings need the settings permission, the review queue the right to open tickets, as the API asks
      page('settings/mail', 'settings.index', () => import('@/features/mail').then((m) => <m.MailSettingsPage />)),
      page('settings/mail/review', 'tickets.store', () => import('@/features/mail').then((m) => <m.MailReviewPage />)),
      // the seller on every invoice (settings permission, as GET/PUT /api/billing-profile ask)
      page('settings/billing-profile', 'settings.index', () => import('@/features/invoices/components/operator/billing-profile-page').then((m) => <m.BillingProfilePage />)),
      page('settings/business-hours', 'settings.index', () => import('@/features/slas/components/operator/calendars-page').then((m) => <m.CalendarsPage />)),
      page('settings/:list', 'settings.show', () => import('@/features/settings/components/operator/settings-pages').then((m) => <m.SettingListPage />)),
      // an SLA's page adds its clock (targets, pausing statuses, warning) to the shared detail
      page('slas', 'slas.index', () => import('@/components/records/resource-pages').then((m) => <m.ResourceListPage key="slas" kind={slaKind} />)),
      page('slas/create', 'slas.store', () => import('@/components/records/resource-pages').then((m) => <m.ResourceCreatePage key="slas" kind={slaKind} />)),
      page('slas/:id', 'slas.show', () => import('@/features/slas/components/operator/sla-page').then((m) => <m.SlaPage />), recordOf(slaKind)),
      // a record's history for auditors (audit.view): its timeline, the record at a moment, two versions compared
      page('audit', 'audit.view', () => import('@/features/audit/components/audit-pages').then((m) => <m.AuditIndexPage />)),
      page('audit/:model/:id', 'audit.view', () => import('@/features/audit/components/audit-pages').then((m) => <m.AuditRecordPage />)),
      ...resourcePages,
    ],
  },
];
