import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { runGuard, subdomain, type GuardDeps, type GuardInput } from '../guard';
import * as data from '@/testing/mocks/data';

function deps(overrides: Partial<GuardDeps> = {}): GuardDeps & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    fetchStatus: vi.fn(async () => {
      calls.push('status');
      return data.status;
    }),
    loadUser: vi.fn(async () => {
      calls.push('user');
      return data.user;
    }),
    logout: vi.fn(() => {
      calls.push('logout');
    }),
    portalToken: () => 'access',
    quoteToken: () => null,
    storeQuoteToken: vi.fn(),
    ...overrides,
  };
}

const input = (over: Partial<GuardInput> = {}): GuardInput => ({
  routeName: 'tickets.index',
  pathname: '/tickets',
  search: '',
  host: 'acme.localhost:8000',
  ...over,
});

describe('the route guard', () => {
  it('allows a signed-in user with the route permission, after status and user', async () => {
    const d = deps();
    expect(await runGuard(input(), d)).toEqual({ type: 'allow', cleanUrl: undefined });
    expect(d.calls).toEqual(['status', 'user']);
  });

  it('1: sends an unfinished setup to the setup screen before looking at tokens', async () => {
    const d = deps({
      fetchStatus: async () => ({ ...data.status, setup_completed: false }),
      portalToken: () => null,
    });
    expect(await runGuard(input(), d)).toEqual({ type: 'setup' });
    expect(d.loadUser).not.toHaveBeenCalled();
  });

  it('2: sends an ended trial to login even with a token', async () => {
    const d = deps({ fetchStatus: async () => ({ ...data.status, trial_ends_in: -1 }) });
    expect(await runGuard(input(), d)).toEqual({ type: 'login' });
    expect(d.loadUser).not.toHaveBeenCalled();
  });

  it('2: a trial with days left, or none at all, goes on', async () => {
    for (const days of [0, 5, null]) {
      const d = deps({ fetchStatus: async () => ({ ...data.status, trial_ends_in: days }) });
      expect((await runGuard(input(), d)).type).toBe('allow');
    }
  });

  it('2: sends a visitor without any token to login', async () => {
    const d = deps({ portalToken: () => null, quoteToken: () => null });
    expect(await runGuard(input(), d)).toEqual({ type: 'login' });
    expect(d.loadUser).not.toHaveBeenCalled();
  });

  it('3: logs out and goes to login when the user cannot be loaded', async () => {
    const d = deps({
      loadUser: async () => {
        d.calls.push('user');
        throw new ApiError(500, { message: 'boom' });
      },
    });
    expect(await runGuard(input(), d)).toEqual({ type: 'login' });
    expect(d.calls).toEqual(['status', 'user', 'logout']);
  });

  it('3: goes to login without ending the session when loading the user got no answer', async () => {
    const d = deps({
      loadUser: async () => {
        d.calls.push('user');
        throw new TypeError('Failed to fetch');
      },
    });
    expect(await runGuard(input(), d)).toEqual({ type: 'login' });
    expect(d.calls).toEqual(['status', 'user']);
  });

  it('4: sends a route the user may not open to 403 with path and route name in r', async () => {
    const d = deps({
      loadUser: async () => ({ ...data.user, permissions_names: ['tickets.index'] }),
    });
    expect(await runGuard(input({ routeName: 'invoices.index', pathname: '/invoices' }), d)).toEqual({
      type: 'forbidden',
      r: '/invoices|invoices.index',
    });
  });

  it('5: an unknown tenant (status 404) goes to not-found with the subdomain as d', async () => {
    const d = deps({
      fetchStatus: async () => {
        throw new ApiError(404, { message: 'Not found.' });
      },
    });
    expect(await runGuard(input({ host: 'nope.localhost:8000' }), d)).toEqual({ type: 'not-found', d: 'nope' });
    expect(d.loadUser).not.toHaveBeenCalled();
  });

  it('6: stores ?token= as the quote token and takes it out of the address', async () => {
    const stored: string[] = [];
    const d = deps({
      portalToken: () => null,
      quoteToken: () => stored[0] ?? null,
      storeQuoteToken: (t) => void stored.push(t),
    });
    const decision = await runGuard(
      input({ routeName: 'quotes.show', pathname: '/quotes/1', search: '?token=abc&x=1' }),
      d,
    );
    expect(stored).toEqual(['abc']);
    expect(decision).toEqual({ type: 'allow', cleanUrl: '/quotes/1?x=1' });
    // A quote token opens the quote without loading a user.
    expect(d.loadUser).not.toHaveBeenCalled();
  });

  it('a quote token alone does not open other routes', async () => {
    const d = deps({ portalToken: () => null, quoteToken: () => 'q' });
    expect(await runGuard(input({ routeName: 'tickets.index' }), d)).toEqual({ type: 'login' });
  });

  it('reads the subdomain from the host', () => {
    expect(subdomain('acme.example.com')).toBe('acme');
    expect(subdomain('acme.localhost:8000')).toBe('acme');
    expect(subdomain('localhost:8000')).toBe('');
  });
});
