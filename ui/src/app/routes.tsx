import { Navigate, type RouteObject } from 'react-router-dom';
import { LoginForm } from '@/features/auth/components/login-form';
import { PasswordResetRequest } from '@/features/auth/components/password-reset-request';
import { PasswordReset } from '@/features/auth/components/password-reset';
import { MsGraphCode } from '@/features/auth/components/msgraph-code';
import { Forbidden } from '@/features/errors/components/forbidden';
import { NotFound } from '@/features/errors/components/not-found';
import { SetupScreen } from '@/features/errors/components/setup-screen';
import { TicketsList } from '@/features/tickets/components/tickets-list';
import { TicketCreate } from '@/features/tickets/components/ticket-create';
import { TicketDetail } from '@/features/tickets/components/ticket-detail';
import { QuotesList } from '@/features/quotes/components/quotes-list';
import { QuoteDetail } from '@/features/quotes/components/quote-detail';
import { SubscriptionsList } from '@/features/subscriptions/components/subscriptions-list';
import { SubscriptionDetail } from '@/features/subscriptions/components/subscription-detail';
import { AssetsList } from '@/features/assets/components/assets-list';
import { AssetDetail } from '@/features/assets/components/asset-detail';
import { ContractsList } from '@/features/contracts/components/contracts-list';
import { ContractDetail } from '@/features/contracts/components/contract-detail';
import { InvoicesList } from '@/features/invoices/components/invoices-list';
import { Shell } from './shell';
import { LogoutRoute } from './logout-route';

// Each guarded route's name is also the permission it needs (SPEC §6).
const guarded = (path: string, name: string, element: React.ReactNode): RouteObject => ({
  path,
  element,
  handle: { name },
});

export const routes: RouteObject[] = [
  { path: '/login/:guard?', element: <LoginForm /> },
  { path: '/password-reset', element: <PasswordResetRequest /> },
  { path: '/password/reset/:token', element: <PasswordReset /> },
  { path: '/msgraph/code/:code', element: <MsGraphCode /> },
  { path: '/logout', element: <LogoutRoute /> },
  { path: '/setup', element: <SetupScreen /> },
  { path: '/403', element: <Forbidden /> },
  { path: '/404', element: <NotFound /> },
  {
    element: <Shell />,
    children: [
      guarded('/tickets', 'tickets.index', <TicketsList />),
      guarded('/tickets/create', 'tickets.create', <TicketCreate />),
      guarded('/tickets/:id', 'tickets.show', <TicketDetail />),
      guarded('/quotes', 'quotes.index', <QuotesList />),
      guarded('/quotes/:id', 'quotes.show', <QuoteDetail />),
      guarded('/subscriptions', 'subscriptions.index', <SubscriptionsList />),
      guarded('/subscriptions/:id', 'subscriptions.show', <SubscriptionDetail />),
      guarded('/assets', 'assets.index', <AssetsList />),
      guarded('/assets/:id', 'assets.show', <AssetDetail />),
      guarded('/contracts', 'contracts.index', <ContractsList />),
      guarded('/contracts/:id', 'contracts.show', <ContractDetail />),
      guarded('/invoices', 'invoices.index', <InvoicesList />),
    ],
  },
  { path: '/', element: <Navigate to="/tickets" replace /> },
  { path: '*', element: <Navigate to="/tickets" replace /> },
];
