import type { PatchRoutesOnNavigationFunction, RouteObject } from 'react-router-dom';
import { Forbidden } from '@/features/errors/components/forbidden';
import { NotFound } from '@/features/errors/components/not-found';
import { SetupScreen } from '@/features/errors/components/setup-screen';
import { loadOperatorTexts } from '@/lib/i18n';
import { readsRecord } from '@/lib/preload';
import { preloadDetail, type DetailLoad } from '@/lib/use-detail';
import { OPERATOR_BASE } from '@/lib/workspace-paths';
import { loadAsset } from '@/features/assets/api/get-asset';
import { loadContract } from '@/features/contracts/api/get-contract';
import { loadQuote } from '@/features/quotes/api/get-quote';
import { loadSubscription } from '@/features/subscriptions/api/get-subscription';
import { loadTicket } from '@/features/tickets/api/get-ticket';
import { Shell } from './shell';
import { WorkspaceShell } from './workspace-shell';
import { Landing } from './landing';
import { LogoutRoute } from './logout-route';
import { RouteError } from './route-error';

/** How long a screen's code may take to arrive before the route fails (SPEC §9). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export function withTimeout<T>(load: () => Promise<T>, ms = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Loading the screen took too long.')), ms);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

type Screen = () => Promise<{ Component: React.ComponentType }>;

// Each guarded route's name is also the permission it needs (SPEC §6). Its screen is
// loaded on first use, so the first page downloads only what it shows; a record's page
// also starts its read (`read`) then, beside its code, and takes the answer when it shows.
const guarded = (path: string, name: string, screen: Screen, read?: DetailLoad<unknown>): RouteObject => ({
  path,
  lazy: () => withTimeout(screen),
  handle: { name },
  ...(read && readsRecord((id) => preloadDetail(path.split('/')[1], id, read))),
});

const screen =
  <M,>(load: () => Promise<M>, pick: (m: M) => React.ComponentType): Screen =>
  () =>
    load().then((m) => ({ Component: pick(m) }));

export const WORKSPACE_ROUTE_ID = 'workspace';

const inWorkspace = (path: string) => new RegExp(`(^|/)${OPERATOR_BASE.slice(1)}(/|$)`).test(path);

/** The router's options: the workspace's routes are added on the first visit to it. */
export function routerOptions(): { patchRoutesOnNavigation: PatchRoutesOnNavigationFunction } {
  let added = false;
  return {
    patchRoutesOnNavigation: async ({ path, patch }) => {
      if (added || !inWorkspace(path)) return;
      // The workspace's texts download beside its routes; the portal never asks for them.
      const [{ operatorRoutes }] = await Promise.all([withTimeout(() => import('./operator-routes')), loadOperatorTexts()]);
      if (added) return;
      patch(WORKSPACE_ROUTE_ID, operatorRoutes);
      added = true;
    },
  };
}

export const routes: RouteObject[] = [
  // The sign-in screens and their form library load when opened, not with every page.
  { path: '/login/:guard?', lazy: () => withTimeout(screen(() => import('@/features/auth/components/login-form'), (m) => m.LoginForm)) },
  {
    path: '/password-reset',
    lazy: () => withTimeout(screen(() => import('@/features/auth/components/password-reset-request'), (m) => m.PasswordResetRequest)),
  },
  { path: '/password/reset/:token', lazy: () => withTimeout(screen(() => import('@/features/auth/components/password-reset'), (m) => m.PasswordReset)) },
  { path: '/msgraph/code/:code', lazy: () => withTimeout(screen(() => import('@/features/auth/components/msgraph-code'), (m) => m.MsGraphCode)) },
  { path: '/logout', element: <LogoutRoute /> },
  { path: '/setup', element: <SetupScreen /> },
  { path: '/403', element: <Forbidden /> },
  { path: '/404', element: <NotFound /> },
  {
    element: <Shell />,
    // While the first page's code downloads, the frame shows already (and its guard runs):
    // the same Shell, so it stays as it is when the page arrives.
    hydrateFallbackElement: <Shell />,
    errorElement: <RouteError />,
    children: [
      guarded('/tickets', 'tickets.index', screen(() => import('@/features/tickets/components/tickets-list'), (m) => m.TicketsList)),
      guarded('/tickets/create', 'tickets.create', screen(() => import('@/features/tickets/components/ticket-create'), (m) => m.TicketCreate)),
      guarded('/tickets/:id', 'tickets.show', screen(() => import('@/features/tickets/components/ticket-detail'), (m) => m.TicketDetail), loadTicket),
      guarded('/quotes', 'quotes.index', screen(() => import('@/features/quotes/components/quotes-list'), (m) => m.QuotesList)),
      guarded('/quotes/:id', 'quotes.show', screen(() => import('@/features/quotes/components/quote-detail'), (m) => m.QuoteDetail), loadQuote),
      guarded('/subscriptions', 'subscriptions.index', screen(() => import('@/features/subscriptions/components/subscriptions-list'), (m) => m.SubscriptionsList)),
      guarded('/subscriptions/:id', 'subscriptions.show', screen(() => import('@/features/subscriptions/components/subscription-detail'), (m) => m.SubscriptionDetail), loadSubscription),
      guarded('/assets', 'assets.index', screen(() => import('@/features/assets/components/assets-list'), (m) => m.AssetsList)),
      guarded('/assets/:id', 'assets.show', screen(() => import('@/features/assets/components/asset-detail'), (m) => m.AssetDetail), loadAsset),
      guarded('/contracts', 'contracts.index', screen(() => import('@/features/contracts/components/contracts-list'), (m) => m.ContractsList)),
      guarded('/contracts/:id', 'contracts.show', screen(() => import('@/features/contracts/components/contract-detail'), (m) => m.ContractDetail), loadContract),
      guarded('/invoices', 'invoices.index', screen(() => import('@/features/invoices/components/invoices-list'), (m) => m.InvoicesList)),
      // every result of a search; open to whoever may list tickets (a portal client does)
      guarded('/search', 'tickets.index', screen(() => import('@/features/search/components/search-page'), (m) => m.PortalSearchPage)),
    ],
  },
  // The operator workspace: its own frame and navigation beside the portal, not inside it;
  // guarded the same way (each page's name is its permission), for operators only.
  // Its pages arrive with the first visit (routerOptions), so a client never downloads them.
  { id: WORKSPACE_ROUTE_ID, element: <WorkspaceShell />, errorElement: <RouteError />, children: [] },
  // Operators start in the workspace, clients in the portal.
  { path: '/', element: <Landing /> },
  { path: '*', element: <Landing /> },
];
