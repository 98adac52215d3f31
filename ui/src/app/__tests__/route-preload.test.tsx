// A record's page starts its read from the route table, beside the download of its code,
// and takes that answer instead of asking again.
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { LoaderFunctionArgs, RouteObject } from 'react-router-dom';
import { authStorage } from '@/lib/auth-storage';
import { server } from '@/testing/mocks/server';
import * as data from '@/testing/mocks/data';
import { renderApp } from '@/testing/test-utils';
import { getRecord } from '@/components/records/api/resources';
import { detailRelations } from '@/components/records/kind-parts';
import { companyKind } from '@/features/companies/kind';
import { readOperatorTicket } from '@/features/tickets/api/ticket-actions';
import { operatorRoutes } from '../operator-routes';
import { routes } from '../routes';

/** The route at `path` among the children of the given routes. */
function routeAt(tree: RouteObject[], path: string): RouteObject {
  const found = tree.flatMap((r) => r.children ?? []).find((r) => r.path === path);
  if (!found) throw new Error(`no route ${path}`);
  return found;
}

/** Runs a route's loader as the router does when the address matches. */
function match(route: RouteObject, id: string) {
  const loader = route.loader as (args: LoaderFunctionArgs) => unknown;
  return loader({ params: { id }, request: new Request(`http://localhost/${id}`), context: undefined } as unknown as LoaderFunctionArgs);
}

/** Counts the GETs of a path, answering `body`. */
function counting(path: string, body: unknown) {
  const calls: string[] = [];
  server.use(
    http.get(`*${path}`, ({ request }) => {
      calls.push(new URL(request.url).search);
      return HttpResponse.json(body as Record<string, unknown>);
    }),
  );
  return calls;
}

describe("a record page's read", () => {
  it("starts when the workspace's route matches, before the page's code is asked for, and the page takes it", async () => {
    authStorage.setSession('access', 'refresh');
    const company = { id: 7, name: 'Acme BV' };
    const calls = counting('/api/companies/7', company);
    // the loader alone: the page's lazy code is never loaded here
    expect(match(routeAt(operatorRoutes, 'companies/:id'), '7')).toBeNull();
    await waitFor(() => expect(calls).toHaveLength(1));
    // the page's own read (the same relations) is answered by the early one
    expect(await getRecord('companies', '7', { withRelations: detailRelations(companyKind) })).toEqual(company);
    expect(calls).toHaveLength(1);
    // taken once: the next read asks the server
    await getRecord('companies', '7', { withRelations: detailRelations(companyKind) });
    expect(calls).toHaveLength(2);
  });

  it("starts the operator ticket page's read with its code, taken once by the page", async () => {
    authStorage.setSession('access', 'refresh');
    const ticket = { id: 'abc', reference: 'T-000001', messages: [] };
    const calls = counting('/api/tickets/abc/edit', ticket);
    expect(match(routeAt(operatorRoutes, 'tickets/:id'), 'abc')).toBeNull();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(await readOperatorTicket('abc')).toEqual(ticket);
    expect(calls).toHaveLength(1);
    // a reload (after a save, a reply) asks the server again
    await readOperatorTicket('abc');
    expect(calls).toHaveLength(2);
  });

  it('asks nothing early without a session (the guard sends the visitor to log in)', async () => {
    const calls = counting('/api/companies/8', { id: 8, name: 'Acme BV' });
    match(routeAt(operatorRoutes, 'companies/:id'), '8');
    await getRecord('companies', '8', { withRelations: detailRelations(companyKind) });
    expect(calls).toHaveLength(1);
  });

  it('is asked again by the page when the early read failed, so the page reports it as before', async () => {
    authStorage.setSession('access', 'refresh');
    let first = true;
    server.use(
      http.get('*/api/companies/9', () => {
        if (first) {
          first = false;
          return HttpResponse.json({ message: 'busy' }, { status: 503 });
        }
        return HttpResponse.json({ id: 9, name: 'Later BV' });
      }),
    );
    match(routeAt(operatorRoutes, 'companies/:id'), '9');
    expect(await getRecord('companies', '9', { withRelations: detailRelations(companyKind) })).toEqual({ id: 9, name: 'Later BV' });
  });

  it("starts with the portal's ticket page and the page shows it without asking again", async () => {
    authStorage.setSession('access', 'refresh');
    const calls = counting('/api/tickets/1', data.ticketDetail);
    expect(routeAt(routes, '/tickets/:id').loader).toBeTypeOf('function');
    renderApp('/tickets/1');
    expect(await screen.findByText('The printer is jammed.')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });
});
