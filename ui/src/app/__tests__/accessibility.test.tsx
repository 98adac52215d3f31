import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { renderApp, setViewport, signedIn } from '@/testing/test-utils';
import { authStorage } from '@/lib/auth-storage';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import * as data from '@/testing/mocks/data';

// Colour contrast needs layout and message frames need a real window: jsdom has neither.
async function seriousViolations() {
  const result = await axe.run(document.body, { iframes: false, rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('accessibility', () => {
  const screens: [string, string | RegExp][] = [
    ['/tickets', 'Tickets'],
    ['/quotes/1', 'Q-2026-001'],
    ['/contracts/1', 'Prepaid support'],
    ['/subscriptions/1', 'Microsoft 365'],
    ['/assets/1', 'Laptop 14'],
    ['/tickets/1', /T-1000/],
    ['/tickets/create', 'Nieuw ticket'],
    ['/invoices', 'Facturen'],
  ];

  it.each(screens)('%s has no serious or critical axe violations', async (path, heading) => {
    setViewport(false);
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    authStorage.setSession('access', 'refresh');
    renderApp(path, signedIn());
    await screen.findByRole('heading', { name: heading, level: 1 });
    expect(await seriousViolations()).toEqual([]);
  });

  it('the login screen has none either', async () => {
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Inloggen', level: 1 });
    expect(await seriousViolations()).toEqual([]);
  });

  it('the operator workspace frame has none either, menu open or closed', async () => {
    setViewport(true);
    const operator = { ...data.user, is_operator: 1, company: null, permissions_names: ['invoices.index', 'settings.index', 'messages.index'] };
    server.use(
      http.get('*/api/invoices', () => HttpResponse.json({ data: [], from: null, to: null, total: 0, per_page: 15, current_page: 1, last_page: 1 })),
      http.get('*/api/auth/me', () => HttpResponse.json({ ...data.me, user: operator })),
    );
    authStorage.setSession('access', 'refresh');
    renderApp('/operator/invoices', signedIn(operator));
    await screen.findByRole('heading', { name: 'Facturen', level: 1 });
    expect(await seriousViolations()).toEqual([]);
    screen.getByRole('button', { name: 'Menu' }).click();
    expect(await seriousViolations()).toEqual([]);
  });
});
