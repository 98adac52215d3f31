import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';
import { authStorage } from '@/lib/auth-storage';

describe('sign-in screens', () => {
  it('signs in with a single sign-on code and opens the tickets', async () => {
    let body: unknown = null;
    server.use(
      http.post('*/api/auth/login', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ user: {}, access_token: 'sso-token', refresh_token: 'sso-refresh' });
      }),
    );
    const { router } = renderApp('/msgraph/code/abc123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets'));
    expect(body).toEqual({ code: 'abc123', portal: true });
    expect(authStorage.portalToken()).toBe('sso-token');
  });

  it('goes to login when the code is refused', async () => {
    server.use(http.post('*/api/auth/login', () => HttpResponse.json({ message: 'Invalid code.' }, { status: 422 })));
    const { router } = renderApp('/msgraph/code/bad');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('says once, in Dutch, that a wrong password does not match', async () => {
    const wrong = 'These credentials do not match our records.';
    server.use(http.post('*/api/auth/login', () => HttpResponse.json({ message: wrong, errors: { username: [wrong] } }, { status: 422 })));
    const { router } = renderApp('/login');
    await userEvent.type(await screen.findByLabelText('E-mailadres'), 'first@demo.test');
    await userEvent.type(screen.getByLabelText('Wachtwoord'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect(await screen.findByText('Deze inloggegevens zijn onjuist.')).toBeInTheDocument();
    expect(screen.getAllByText('Deze inloggegevens zijn onjuist.')).toHaveLength(1);
    expect(screen.queryByText(wrong)).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('button', { name: 'Inloggen' })).toBeEnabled();
  });

  it('accepts the optional guard segment on the login route', async () => {
    const { router } = renderApp('/login/client');
    expect(await screen.findByRole('heading', { name: 'Inloggen', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login/client');
  });

  it('asks for a reset link', async () => {
    let body: unknown = null;
    server.use(
      http.post('*/api/auth/password/email', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'Check your mail.' });
      }),
    );
    renderApp('/password-reset');
    await userEvent.type(await screen.findByLabelText('E-mailadres'), 'client@demo.test');
    await userEvent.click(screen.getByRole('button', { name: 'Herstellink versturen' }));
    expect(await screen.findByText('Check your mail.')).toBeInTheDocument();
    expect(body).toEqual({ email: 'client@demo.test' });
  });

  it("resets with the token, refusing a short password with 'must be at least 8 characters long'", async () => {
    localStorage.setItem('APP_LANGUAGE', 'en');
    let body: unknown = null;
    server.use(
      http.post('*/api/auth/password/reset', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'Password changed.' });
      }),
    );
    const { router } = renderApp('/password/reset/tok-1');
    await userEvent.type(await screen.findByLabelText('New password'), 'short');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('must be at least 8 characters long')).toBeInTheDocument();
    expect(body).toBeNull();
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.type(screen.getByLabelText('New password'), 'long-enough');
    await userEvent.clear(screen.getByLabelText('Confirm password'));
    await userEvent.type(screen.getByLabelText('Confirm password'), 'long-enough');
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(body).toEqual({ token: 'tok-1', password: 'long-enough', password_confirmation: 'long-enough' });
  });

  it('a session whose refresh fails ends on the login screen with no tokens', async () => {
    authStorage.setSession('expired', 'expired-refresh');
    server.use(
      http.get('*/api/auth/me', () => HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 })),
      http.post('*/api/auth/refresh', () => HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 })),
    );
    const { router } = renderApp('/tickets');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(authStorage.portalToken()).toBeNull();
    expect(screen.queryByText('Unauthenticated.')).not.toBeInTheDocument();
  });
});
