import './operator.css';
import type { RouteObject } from 'react-router-dom';
import { OperatorLayout, WorkspaceHome } from './components/pages/operator-layout';
import { TicketQueue } from './components/pages/ticket-queue';
import { TicketDetailPage } from './components/pages/ticket-detail-page';
import { TicketCreatePage } from './components/pages/ticket-create-page';
import { QuoteCreatePage } from './components/pages/quote-create-page';
import { QuoteDetailPage, QuotesPage } from './components/pages/quote-pages';
import { ContractDetailPage, ContractsPage } from './components/pages/contract-pages';
import { InvoiceDetailPage, InvoicesPage } from './components/pages/invoice-pages';
import { CompaniesPage, CompanyDetailPage } from './components/pages/company-pages';
import { SettingListPage, SettingsIndexPage } from './components/pages/settings-pages';
import { ResourceCreatePage, ResourceDetailPage, ResourceListPage } from './components/pages/resource-pages';
import { RESOURCE_KINDS } from './components/pages/resource-kinds';
import { TicketGroupDetailPage, TicketGroupsPage } from './components/pages/ticket-group-pages';
import { OpenTimePage } from './components/pages/open-time-page';
import { TimeRegistrationsPage } from './components/pages/time-registrations-page';
import { DealsPage, ProjectsPage, UsedProductsPage } from './components/pages/deal-pages';
import { NotificationsPage } from './components/pages/notifications-page';
import { RECORD_KINDS, RecordCreatePage } from './components/pages/record-form';
import { OPERATOR_BASE } from './utils/routes';

// handle.name is the route name of SPEC §2.1 (and the permission a guard may check).
const page = (path: string, name: string, element: React.ReactNode): RouteObject => ({ path, element, handle: { name } });

// The objects with one shared list, detail and form layout (components/pages/resource-kinds.ts):
// [path, kind]; ticket templates live under tickets/templates (SPEC §2.1).
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
  const kind = RESOURCE_KINDS[route];
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
      page('contracts/create', 'contracts.store', <ResourceCreatePage key="contracts" kind={RESOURCE_KINDS.contracts} />),
      page('contracts/:id', 'contracts.show', <ContractDetailPage />),
      page('invoices', 'invoices.index', <InvoicesPage />),
      page('invoices/:id', 'invoices.show', <InvoiceDetailPage />),
      page('companies', 'companies.index', <CompaniesPage />),
      page('companies/create', 'companies.store', <ResourceCreatePage key="companies" kind={RESOURCE_KINDS.companies} />),
      page('companies/:id', 'companies.show', <CompanyDetailPage />),
      page('ticket-groups', 'ticket-groups.index', <TicketGroupsPage />),
      page('ticket-groups/create', 'ticket-groups.store', <RecordCreatePage key="ticket-groups" kind={RECORD_KINDS['ticket-groups']} />),
      page('ticket-groups/:id', 'ticket-groups.show', <TicketGroupDetailPage />),
      page('time', 'time-registrations.index', <OpenTimePage />),
      page('time-registrations', 'time-registrations.index', <TimeRegistrationsPage />),
      page('deals', 'deals.index', <DealsPage />),
      page('deals/create', 'deals.store', <RecordCreatePage key="deals" kind={RECORD_KINDS.deals} />),
      page('deals/:id', 'deals.show', <ResourceDetailPage key="deals" kind={RECORD_KINDS.deals} />),
      page('projects', 'projects.index', <ProjectsPage />),
      page('projects/create', 'projects.store', <RecordCreatePage key="projects" kind={RECORD_KINDS.projects} />),
      // Links name it project.show (SPEC §2.1); the guard checks the permission projects.show.
      page('projects/:id', 'projects.show', <ResourceDetailPage key="projects" kind={RECORD_KINDS.projects} />),
      page('used-products', 'used-products.index', <UsedProductsPage />),
      page('used-products/create', 'used-products.store', <RecordCreatePage key="used-products" kind={RECORD_KINDS['used-products']} />),
      page('used-products/:id', 'used-products.show', <ResourceDetailPage key="used-products" kind={RECORD_KINDS['used-products']} />),
      page('mentions', 'messages.index', <NotificationsPage />),
      page('settings', 'settings.index', <SettingsIndexPage />),
      page('settings/:list', 'settings.show', <SettingListPage />),
      ...resourcePages,
    ],
  },
];
