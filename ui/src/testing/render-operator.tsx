import { render, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
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

/**
 * Waits for an operator ticket page to be drawn whole: its heading comes first, its forms
 * and thread a few renders later (components/ui/drawn-after.tsx), the time form last.
 */
export async function ticketDrawn(heading: string) {
  await screen.findByRole('heading', { name: heading });
  await waitFor(() => expect(document.querySelector('form.time-registration')).not.toBeNull());
}
