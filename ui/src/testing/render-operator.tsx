import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProvider, makeQueryClient } from '@/app/provider';
import { operatorRoutes } from '@/app/operator-routes';
import { operatorSession } from './operator-session';

/** The operator pages at an address, inside the app's providers. */
export function renderOperator(path: string, permissions?: string[], modules: Record<string, boolean> = {}, lookups: Record<string, unknown> = {}) {
  const session = operatorSession(permissions);
  session.user = { ...session.user!, modules };
  session.lookups = { ...session.lookups!, ...lookups };
  const router = createMemoryRouter(operatorRoutes, { initialEntries: [path] });
  const view = render(
    <AppProvider queryClient={makeQueryClient()} session={session}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router };
}

export const page = <T,>(data: T[]) => ({ data, from: data.length ? 1 : null, to: data.length || null, total: data.length, per_page: 15, current_page: 1, last_page: 1 });
