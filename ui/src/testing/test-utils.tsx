import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AppProvider, makeQueryClient } from '@/app/provider';
import { routerOptions, routes } from '@/app/routes';
import type { Session } from '@/lib/session';
import * as data from './mocks/data';

/** A signed-in session as the guard leaves it. */
export function signedIn(overrides: Partial<typeof data.user> = {}): Partial<Session> {
  return { status: data.status, user: { ...data.user, ...overrides }, lookups: data.me.lookups };
}

/** The whole portal at an address, with the real routes and guard. */
export function renderApp(path: string, session?: Partial<Session>) {
  const router = createMemoryRouter(routes, { initialEntries: [path], ...routerOptions() });
  const view = render(
    <AppProvider queryClient={makeQueryClient()} session={session}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router };
}

/** One component inside the providers and a router, without the guard. */
export function renderWithProviders(ui: ReactNode, { path = '/', session = signedIn(), extraRoutes = [] as RouteObject[] } = {}) {
  const router = createMemoryRouter([{ path: '*', element: ui }, ...extraRoutes], { initialEntries: [path] });
  const view = render(
    <AppProvider queryClient={makeQueryClient()} session={session}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router };
}

/** Pretends the viewport is a phone (below 768 px) or a desktop. */
export function setViewport(mobile: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: mobile && query.includes('max-width: 767px'),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}
