import './operator.css';
import { Navigate, type RouteObject } from 'react-router-dom';
import { OperatorLayout } from './components/pages/operator-layout';
import { TicketQueue } from './components/pages/ticket-queue';
import { TicketDetailPage } from './components/pages/ticket-detail-page';
import { TicketCreatePage } from './components/pages/ticket-create-page';
import { QuoteCreatePage } from './components/pages/quote-create-page';
import { QuoteDetailPage, QuotesPage } from './components/pages/quote-pages';
import { ContractDetailPage, ContractsPage } from './components/pages/contract-pages';
import { InvoiceDetailPage, InvoicesPage } from './components/pages/invoice-pages';
import { CompaniesPage, CompanyDetailPage } from './components/pages/company-pages';
import { SettingListPage, SettingsIndexPage } from './components/pages/settings-pages';
import { GenericDetailPage } from './components/pages/generic-pages';
import { TicketGroupDetailPage, TicketGroupsPage } from './components/pages/ticket-group-pages';
import { OpenTimePage } from './components/pages/open-time-page';
import { DealsPage, ProjectsPage, UsedProductsPage } from './components/pages/deal-pages';
import { NotificationsPage } from './components/pages/notifications-page';
import { RECORD_KINDS, RecordCreatePage, RecordDetailPage } from './components/pages/record-form';
import { OPERATOR_BASE } from './utils/routes';
import type { OperatorKey } from '@/lib/i18n';

// handle.name is the route name of SPEC §2.1 (and the permission a guard may check).
const page = (path: string, name: string, element: React.ReactNode): RouteObject => ({ path, element, handle: { name } });

const generic: [string, string, string, OperatorKey][] = [
  ['assets/:id', 'assets.show', 'assets', 'Asset'],
  ['slas/:id', 'slas.show', 'slas', 'SLA'],
  ['subscriptions/:id', 'subscriptions.show', 'subscriptions', 'Subscription'],
  ['operators/:id', 'operators.show', 'operators', 'Operator'],
  ['clients/:id', 'clients.show', 'clients', 'Client'],
  ['tickets/templates/:id', 'ticket-templates.show', 'ticket-templates', 'Ticket template'],
];

/** The operator workspace under /operator, for the app router to mount. */
export const operatorRoutes: RouteObject[] = [
  {
    path: OPERATOR_BASE,
    element: <OperatorLayout />,
    children: [
      { index: true, element: <Navigate to={`${OPERATOR_BASE}/tickets`} replace /> },
      page('tickets', 'tickets.index', <TicketQueue />),
      page('tickets/create', 'tickets.store', <TicketCreatePage />),
      page('tickets/:id', 'tickets.show', <TicketDetailPage />),
      page('quotes', 'quotes.index', <QuotesPage />),
      page('quotes/create', 'quotes.store', <QuoteCreatePage />),
      page('quotes/:id', 'quotes.show', <QuoteDetailPage />),
      page('contracts', 'contracts.index', <ContractsPage />),
      page('contracts/:id', 'contracts.show', <ContractDetailPage />),
      page('invoices', 'invoices.index', <InvoicesPage />),
      page('invoices/:id', 'invoices.show', <InvoiceDetailPage />),
      page('companies', 'companies.index', <CompaniesPage />),
      page('companies/:id', 'companies.show', <CompanyDetailPage />),
      page('ticket-groups', 'ticket-groups.index', <TicketGroupsPage />),
      page('ticket-groups/create', 'ticket-groups.store', <RecordCreatePage key="ticket-groups" kind={RECORD_KINDS['ticket-groups']} />),
      page('ticket-groups/:id', 'ticket-groups.show', <TicketGroupDetailPage />),
      page('time', 'time-registrations.index', <OpenTimePage />),
      page('deals', 'deals.index', <DealsPage />),
      page('deals/create', 'deals.store', <RecordCreatePage key="deals" kind={RECORD_KINDS.deals} />),
      page('deals/:id', 'deals.show', <RecordDetailPage key="deals" kind={RECORD_KINDS.deals} />),
      page('projects', 'projects.index', <ProjectsPage />),
      page('projects/create', 'projects.store', <RecordCreatePage key="projects" kind={RECORD_KINDS.projects} />),
      // Links name it project.show (SPEC §2.1); the guard checks the permission projects.show.
      page('projects/:id', 'projects.show', <RecordDetailPage key="projects" kind={RECORD_KINDS.projects} />),
      page('used-products', 'used-products.index', <UsedProductsPage />),
      page('used-products/create', 'used-products.store', <RecordCreatePage key="used-products" kind={RECORD_KINDS['used-products']} />),
      page('used-products/:id', 'used-products.show', <RecordDetailPage key="used-products" kind={RECORD_KINDS['used-products']} />),
      page('mentions', 'messages.index', <NotificationsPage />),
      page('settings', 'settings.index', <SettingsIndexPage />),
      page('settings/:list', 'settings.show', <SettingListPage />),
      ...generic.map(([path, name, route, model]) => page(path, name, <GenericDetailPage key={route} route={route} modelName={model} />)),
    ],
  },
];
