import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderApp, signedIn } from '@/testing/test-utils';
import { authStorage } from '@/lib/auth-storage';
import * as data from '@/testing/mocks/data';

describe('portal routing', () => {
  it('redirects / and unknown paths to the ticket list', async () => {
    authStorage.setSession('access', 'refresh');
    const { router } = renderApp('/', signedIn());
    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets'));
    expect(await screen.findByRole('heading', { name: 'Tickets' })).toBeInTheDocument();
    await router.navigate('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets'));
  });

  it('sends a visitor without a token to login, then signs in and loads the user', async () => {
    const { router } = renderApp('/quotes');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await userEvent.type(await screen.findByLabelText('E-mailadres'), 'client@demo.test');
    await userEvent.type(screen.getByLabelText('Wachtwoord'), 'demo');
    await userEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets'));
    expect(authStorage.portalToken()).toBe('access-1');
    expect(await screen.findByText('Carla Client')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Demo Portal'));
  });

  it('shows the tabs the user has permission for', async () => {
    authStorage.setSession('access', 'refresh');
    renderApp('/tickets', signedIn({ permissions_names: ['tickets.index', 'quotes.index'] }));
    const nav = await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    expect(nav).toHaveTextContent('Tickets');
    expect(nav).toHaveTextContent('Offertes');
    expect(nav).not.toHaveTextContent('Facturen');
  });

  it('lands on 403 for a route without permission', async () => {
    authStorage.setSession('access', 'refresh');
    const { router } = renderApp('/invoices', signedIn({ permissions_names: ['tickets.index'] }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'));
    expect(router.state.location.search).toBe(`?r=${encodeURIComponent('/invoices|invoices.index')}`);
    expect(await screen.findByText('Geen toegang.')).toBeInTheDocument();
  });

  it('shows the setup screen while setup is not completed', async () => {
    server.use(http.get('*/api/system/status', () => HttpResponse.json({ ...data.status, setup_completed: false })));
    const { router } = renderApp('/tickets');
    await waitFor(() => expect(router.state.location.pathname).toBe('/setup'));
    expect(await screen.findByRole('heading', { name: 'Bijna klaar' })).toBeInTheDocument();
  });

  it('sends an unknown tenant to the not-found page', async () => {
    server.use(http.get('*/api/system/status', () => HttpResponse.json({ message: 'Not found.' }, { status: 404 })));
    const { router } = renderApp('/tickets');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(router.state.location.search).toMatch(/^\?d=/);
  });

  it('opens a quote with the ?token= link, keeps the token and cleans the address', async () => {
    const { router } = renderApp('/quotes/1?token=quote-abc');
    expect(await screen.findByRole('heading', { name: 'Q-2026-001' })).toBeInTheDocument();
    expect(authStorage.quoteToken()).toBe('quote-abc');
    expect(router.state.location.search).toBe('');
  });

  it('logs out: the tokens go and the login screen shows', async () => {
    authStorage.setSession('access', 'refresh');
    const { router } = renderApp('/tickets', signedIn());
    await userEvent.click(await screen.findByRole('link', { name: 'Uitloggen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(authStorage.portalToken()).toBeNull();
  });
});
