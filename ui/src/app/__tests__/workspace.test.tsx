// The operator workspace as its own application frame: where operators and clients land,
// its navigation, the way between workspace and portal, and the guard for both.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderApp, signedIn } from '@/testing/test-utils';
import { authStorage } from '@/lib/auth-storage';
import * as data from '@/testing/mocks/data';
import { permissionFor, runGuard } from '../guard';

const page = <T,>(rows: T[]) => ({ data: rows, from: rows.length ? 1 : null, to: rows.length || null, total: rows.length, per_page: 15, current_page: 1, last_page: 1 });

const operator = { ...data.user, id: '21', full_name: 'Olga Operator', is_operator: 1, company: null, permissions_names: ['invoices.index', 'tickets.index'] };

function operatorServer() {
  server.use(
    http.post('*/api/auth/login', () => HttpResponse.json({ user: operator, access_token: 'access-1', refresh_token: 'refresh-1', expires_in: 3600 })),
    http.get('*/api/auth/me', () => HttpResponse.json({ ...data.me, user: operator })),
    http.get('*/api/invoices', () => HttpResponse.json(page([]))),
  );
}

describe('the operator workspace', () => {
  it('is where an operator lands after signing in, with its own navigation and no portal tabs', async () => {
    operatorServer();
    // an operator without tickets.index starts on the first page they may open
    const invoicesOnly = { ...operator, permissions_names: ['invoices.index'] };
    server.use(
      http.post('*/api/auth/login', () => HttpResponse.json({ user: invoicesOnly, access_token: 'access-1' })),
      http.get('*/api/auth/me', () => HttpResponse.json({ ...data.me, user: invoicesOnly })),
    );
    const { router } = renderApp('/login');
    await userEvent.type(await screen.findByLabelText('E-mailadres'), 'first@demo.test');
    await userEvent.type(screen.getByLabelText('Wachtwoord'), 'demo');
    await userEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/operator/invoices'));
    const nav = await screen.findByRole('navigation', { name: 'Operatornavigatie' });
    expect(within(nav).getByRole('link', { name: 'Facturen' })).toHaveAttribute('href', '/operator/invoices');
    // one bar, not the portal's stacked above the workspace's
    expect(screen.queryByRole('navigation', { name: 'Hoofdmenu' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('banner')).toHaveLength(1);
  });

  it('sends a client to the portal after signing in', async () => {
    const { router } = renderApp('/login');
    await userEvent.type(await screen.findByLabelText('E-mailadres'), 'client@demo.test');
    await userEvent.type(screen.getByLabelText('Wachtwoord'), 'demo');
    await userEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets'));
  });

  it('opens at /operator for an operator instead of answering "Geen toegang"', async () => {
    operatorServer();
    authStorage.setSession('access', 'refresh');
    const { router } = renderApp('/operator', signedIn(operator));
    await waitFor(() => expect(router.state.location.pathname).toBe('/operator/tickets'));
    expect(screen.queryByText('Geen toegang.')).not.toBeInTheDocument();
  });

  it('takes an operator from / to the workspace and a client to the portal', async () => {
    operatorServer();
    authStorage.setSession('access', 'refresh');
    const first = renderApp('/', signedIn(operator));
    await waitFor(() => expect(first.router.state.location.pathname).toMatch(/^\/operator\//));
    first.unmount();
    const second = renderApp('/', signedIn());
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/tickets'));
  });

  it('asks for the user when / is opened with only a stored session', async () => {
    operatorServer();
    authStorage.setSession('access', 'refresh');
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/operator\//));
  });

  it('links to the portal view, and the portal links back to the workspace for operators only', async () => {
    operatorServer();
    authStorage.setSession('access', 'refresh');
    const { router } = renderApp('/operator/invoices', signedIn(operator));
    await userEvent.click(await screen.findByRole('link', { name: 'Portaalweergave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets'));
    expect(await screen.findByRole('navigation', { name: 'Hoofdmenu' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Werkplek' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/operator\//));
  });

  it('shows no workspace link to a client, and keeps a client out of the workspace', async () => {
    authStorage.setSession('access', 'refresh');
    const { router } = renderApp('/tickets', signedIn());
    expect(await screen.findByRole('navigation', { name: 'Hoofdmenu' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Werkplek' })).not.toBeInTheDocument();
    // the client holds tickets.index, the queue's name, and still is no operator
    await router.navigate('/operator/tickets');
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'));
  });

  it('keeps the permission check per route name in the workspace', async () => {
    operatorServer();
    authStorage.setSession('access', 'refresh');
    const { router } = renderApp('/operator/quotes', signedIn(operator));
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'));
    expect(router.state.location.search).toBe(`?r=${encodeURIComponent('/operator/quotes|quotes.index')}`);
  });

  it('folds the navigation behind a menu button', async () => {
    operatorServer();
    authStorage.setSession('access', 'refresh');
    const { container } = renderApp('/operator/invoices', signedIn(operator));
    const button = await screen.findByRole('button', { name: 'Menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(container.querySelector('.workspace')).toHaveClass('menu-open');
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Operatornavigatie' })).getByRole('link', { name: 'Facturen' }));
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('the guard for the workspace', () => {
  const deps = (user: typeof operator) => ({
    fetchStatus: async () => data.status,
    loadUser: async () => user,
    logout: () => undefined,
    portalToken: () => 'access',
    quoteToken: () => null,
    storeQuoteToken: () => undefined,
  });
  const input = { pathname: '/operator', search: '', host: 'demo.localhost' };

  it('lets every operator open the workspace home, and no client', async () => {
    expect(await runGuard({ ...input, routeName: 'workspace', audience: 'operator' }, deps({ ...operator, permissions_names: [] }))).toEqual({ type: 'allow', cleanUrl: undefined });
    expect((await runGuard({ ...input, routeName: 'workspace', audience: 'operator' }, deps({ ...operator, is_operator: 0 }))).type).toBe('forbidden');
  });

  it('checks SLAs and prepaid cards against the settings permissions', () => {
    expect(permissionFor('slas.index')).toBe('settings.index');
    expect(permissionFor('prepaid-cards.show')).toBe('settings.show');
    expect(permissionFor('assets.index')).toBe('assets.index');
  });
});
