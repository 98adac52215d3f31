import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { authStorage } from '@/lib/auth-storage';
import { server } from '@/testing/mocks/server';
import * as data from '@/testing/mocks/data';
import { renderApp } from '@/testing/test-utils';
import { startEarlySession, takeEarlySession } from '../early-session';

/** Counts the calls of the guard's two questions, each answered after `ms`. */
function countCalls(ms = 0) {
  const calls = { status: [] as number[], me: [] as number[] };
  const started = performance.now();
  server.use(
    http.get('*/api/system/status', async () => {
      calls.status.push(performance.now() - started);
      await delay(ms);
      return HttpResponse.json(data.status);
    }),
    http.get('*/api/auth/me', async () => {
      calls.me.push(performance.now() - started);
      await delay(ms);
      return HttpResponse.json(data.me);
    }),
  );
  return calls;
}

afterEach(() => {
  takeEarlySession();
});

describe('the first page asks for the status and the user at once', () => {
  it('asks both together, before the page is drawn, and the guard asks no more', async () => {
    authStorage.setSession('access', 'refresh');
    const calls = countCalls(50);
    startEarlySession('/app/tickets', '/app/');
    // Both are on their way before the guard has run: the user does not wait for the status.
    await waitFor(() => expect(calls.me).toHaveLength(1));
    expect(calls.status).toHaveLength(1);
    renderApp('/tickets');
    expect(await screen.findByText('Carla Client')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Tickets' })).toBeInTheDocument();
    expect(calls.status).toHaveLength(1);
    expect(calls.me).toHaveLength(1);
  });

  it('serves the first guard run only: the next page, perhaps another session, asks anew', async () => {
    authStorage.setSession('access', 'refresh');
    const calls = countCalls();
    startEarlySession('/app/tickets', '/app');
    const first = takeEarlySession();
    expect(first.status).not.toBeNull();
    expect(first.me).not.toBeNull();
    await first.me;
    expect(takeEarlySession()).toEqual({ status: null, me: null });
    renderApp('/tickets');
    expect(await screen.findByText('Carla Client')).toBeInTheDocument();
    expect(calls.me).toHaveLength(2);
  });

  it('asks nothing on the pages without the guard, and no user without a token', async () => {
    const calls = countCalls();
    for (const path of ['/app/login', '/app/password-reset', '/app/password/reset/abc', '/app/logout', '/app/setup', '/app/403']) {
      startEarlySession(path, '/app/');
      expect(takeEarlySession()).toEqual({ status: null, me: null });
    }
    startEarlySession('/app/quotes/1', '/app/');
    const early = takeEarlySession();
    expect(early.me).toBeNull();
    await early.status;
    expect(calls.me).toHaveLength(0);
  });

  it('a refused early user still leads to the login page', async () => {
    authStorage.setSession('expired', null);
    server.use(
      http.get('*/api/auth/me', () => HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 })),
      http.post('*/api/auth/logout', () => HttpResponse.json({})),
    );
    startEarlySession('/app/tickets', '/app/');
    const { router } = renderApp('/tickets');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
