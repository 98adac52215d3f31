import './operator.css';
import type { RouteObject } from 'react-router-dom';
import { OperatorLayout, WorkspaceHome } from './workspace-layout';
import { ResourceCreatePage, ResourceDetailPage, ResourceListPage } from '@/components/records/resource-pages';
import { RecordCreatePage, type RecordKind } from '@/components/records/record-form';
import { OPERATOR_BASE } from '@/lib/workspace-paths';
import { assetKind } from '@/features/assets/kind';
import { clientKind } from '@/features/clients/kind';
import { CompaniesPage, CompanyDetailPage } from '@/features/companies/components/operator/company-pages';
import { companyKind } from '@/features/companies/kind';
import { ContractDetailPage, ContractsPage } from '@/features/contracts/components/operator/contract-pages';
import { contractKind } from '@/features/contracts/kind';
import { DealsPage } from '@/features/deals/components/operator/deal-pages';
import { dealKind } from '@/features/deals/kind';
import { InvoiceDetailPage, InvoicesPage } from '@/features/invoices/components/operator/invoice-pages';
import { MailReviewPage, MailSettingsPage } from '@/features/mail';
import { locationKind } from '@/features/locations/kind';
import { NotificationsPage } from '@/features/notifications/components/operator/notifications-page';
import { operatorKind } from '@/features/operators/kind';
import { prepaidCardKind } from '@/features/prepaid-cards/kind';
import { ProjectsPage } from '@/features/projects/components/operator/project-pages';
import { projectKind } from '@/features/projects/kind';
import { QuoteCreatePage } from '@/features/quotes/components/operator/quote-create-page';
import { QuoteDetailPage, QuotesPage } from '@/features/quotes/components/operator/quote-pages';
import { SettingListPage, SettingsIndexPage } from '@/features/settings/components/operator/settings-pages';
import { slaKind } from '@/features/slas/kind';
import { subscriptionKind } from '@/features/subscriptions/kind';
import { TicketGroupDetailPage, TicketGroupsPage } from '@/features/ticket-groups/components/operator/ticket-group-pages';
import { ticketGroupKind } from '@/features/ticket-groups/kind';
import { ticketTemplateKind } from '@/features/ticket-templates/kind';
import { TicketCreatePage } from '@/features/tickets/components/operator/ticket-create-page';
import { TicketDetailPage } from '@/features/tickets/components/operator/ticket-detail-page';
import { TicketQueue } from '@/features/tickets/components/operator/ticket-queue';
import { OpenTimePage } from '@/features/time-registrations/components/operator/open-time-page';
import { TimeRegistrationsPage } from '@/features/time-registrations/components/operator/time-registrations-page';
import { UsedProductsPage } from '@/features/used-products/components/operator/used-product-pages';
import { usedProductKind } from '@/features/used-products/kind';

// handle.name is the route name of SPEC §2.1 (and the permission a guard may check).
const page = (path: string, name: string, element: React.ReactNode): RouteObject => ({ path, element, handle: { name } });

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
  ['slas', 'slas'],
  ['prepaid-cards', 'prepaid-cards'],
  ['tickets/templates', 'ticket-templates'],
];
const resourcePages = resources.flatMap(([path, route]) => {
  const kind = KINDS[route];
  return [
    page(path, `${route}.index`, <ResourceListPage key={route} kind={kind} />),
    page(`${path}/create`, `${route}.store`, <ResourceCreatePage key={route} kind={kind} />),
    page(`${path}/:id`, `${route}.show`, <ResourceDetailPage key={route} kind={kind} />),
  ];
});

/** The operator workspace under /operator, for the app router to mount. */
export const operatorRoutes: RouteObject[] = [
  {
    path: OPERATOR_BASE,
    element: <OperatorLayout />,
    children: [
      // open to every operator: it moves on to the first page the operator may open
      { index: true, element: <WorkspaceHome />, handle: { name: 'workspace' } },
      page('tickets', 'tickets.index', <TicketQueue />),
      page('tickets/create', 'tickets.store', <TicketCreatePage />),
      page('tickets/:id', 'tickets.show', <TicketDetailPage />),
      page('quotes', 'quotes.index', <QuotesPage />),
      page('quotes/create', 'quotes.store', <QuoteCreatePage />),
      page('quotes/:id', 'quotes.show', <QuoteDetailPage />),
      page('contracts', 'contracts.index', <ContractsPage />),
      page('contracts/create', 'contracts.store', <ResourceCreatePage key="contracts" kind={contractKind} />),
      page('contracts/:id', 'contracts.show', <ContractDetailPage />),
      page('invoices', 'invoices.index', <InvoicesPage />),
      page('invoices/:id', 'invoices.show', <InvoiceDetailPage />),
      page('companies', 'companies.index', <CompaniesPage />),
      page('companies/create', 'companies.store', <ResourceCreatePage key="companies" kind={companyKind} />),
      page('companies/:id', 'companies.show', <CompanyDetailPage />),
      page('ticket-groups', 'ticket-groups.index', <TicketGroupsPage />),
      page('ticket-groups/create', 'ticket-groups.store', <RecordCreatePage key="ticket-groups" kind={ticketGroupKind} />),
      page('ticket-groups/:id', 'ticket-groups.show', <TicketGroupDetailPage />),
      page('time', 'time-registrations.index', <OpenTimePage />),
      page('time-registrations', 'time-registrations.index', <TimeRegistrationsPage />),
      page('deals', 'deals.index', <DealsPage />),
      page('deals/create', 'deals.store', <RecordCreatePage key="deals" kind={dealKind} />),
      page('deals/:id', 'deals.show', <ResourceDetailPage key="deals" kind={dealKind} />),
      page('projects', 'projects.index', <ProjectsPage />),
      page('projects/create', 'projects.store', <RecordCreatePage key="projects" kind={projectKind} />),
      // Links name it project.show (SPEC §2.1); the guard checks the permission projects.show.
      page('projects/:id', 'projects.show', <ResourceDetailPage key="projects" kind={projectKind} />),
      page('used-products', 'used-products.index', <UsedProductsPage />),
      page('used-products/create', 'used-products.store', <RecordCreatePage key="used-products" kind={usedProductKind} />),
      page('used-products/:id', 'used-products.show', <ResourceDetailPage key="used-products" kind={usedProductKind} />),
      page('mentions', 'messages.index', <NotificationsPage />),
      page('settings', 'settings.index', <SettingsIndexPage />),
      // the mail settings need the settings permission, the review queue the right to open tickets, as the API asks
      page('settings/mail', 'settings.index', <MailSettingsPage />),
      page('settings/mail/review', 'tickets.store', <MailReviewPage />),
      page('settings/:list', 'settings.show', <SettingListPage />),
      ...resourcePages,
    ],
  },
];
