import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { ApiError, client, querySerializer, quietClient, setLoggedOutHandler, unwrap } from '../api-client';
import { authStorage } from '../auth-storage';
import { toast, type Toast } from '../toast';
import { MULTIPLE_SESSIONS, MULTIPLE_SESSIONS_NL } from '../errors';

type Loose = { request(method: string, url: string, init: Record<string, unknown>): Promise<{ data?: unknown }> };
/** The middleware under test on any path: the client called without its generated path types. */
async function api(path: string, opts: { method?: string; body?: unknown } = {}) {
  const { data } = await (client as unknown as Loose).request(opts.method ?? 'GET', `/api${path}`, { body: opts.body });
  return data;
}

// Captures what the toaster would show.
function captureToasts() {
  const shown: Toast[][] = [];
  const spy = vi.spyOn(toast, 'error').mockImplementation((title, lines = [], strong = false) => {
    shown.push([{ id: 0, kind: 'error', title, lines, strong }]);
  });
  return { shown, spy };
}

afterEach(() => setLoggedOutHandler(() => undefined));

describe('401 handling', () => {
  it('refreshes the token once and retries with the new one', async () => {
    authStorage.setSession('old', 'refresh-old');
    const seen: string[] = [];
    let refreshes = 0;
    server.use(
      http.get('*/api/tickets', ({ request }) => {
        const auth = request.headers.get('Authorization') ?? '';
        seen.push(auth);
        return auth === 'Bearer new'
          ? HttpResponse.json({ ok: true })
          : HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 });
      }),
      http.post('*/api/auth/refresh', async ({ request }) => {
        refreshes += 1;
        expect(await request.json()).toEqual({ refresh_token: 'refresh-old' });
        return HttpResponse.json({ access_token: 'new', refresh_token: 'refresh-new', expires_in: 60 });
      }),
    );
    const [a, b] = await Promise.all([api('/tickets'), api('/tickets')]);
    expect(a).toEqual({ ok: true });
    expect(b).toEqual({ ok: true });
    expect(refreshes).toBe(1);
    expect(seen.filter((s) => s === 'Bearer new')).toHaveLength(2);
    expect(authStorage.refreshToken()).toBe('refresh-new');
  });

  it('logs out and clears the tokens when the refresh fails', async () => {
    authStorage.setSession('old', 'refresh-old');
    authStorage.setQuoteToken('q');
    const loggedOut = vi.fn();
    setLoggedOutHandler(loggedOut);
    let refreshes = 0;
    server.use(
      http.get('*/api/tickets', () => HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 })),
      http.post('*/api/auth/refresh', () => {
        refreshes += 1;
        return HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 });
      }),
    );
    await expect(api('/tickets')).rejects.toBeInstanceOf(ApiError);
    expect(refreshes).toBe(1);
    expect(loggedOut).toHaveBeenCalledTimes(1);
    expect(authStorage.portalToken()).toBeNull();
    expect(authStorage.refreshToken()).toBeNull();
    expect(authStorage.quoteToken()).toBeNull();
  });

  it('does not refresh a second time when the retried call is refused again', async () => {
    authStorage.setSession('old', 'refresh-old');
    const loggedOut = vi.fn();
    setLoggedOutHandler(loggedOut);
    let calls = 0;
    server.use(
      http.get('*/api/tickets', () => {
        calls += 1;
        return HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 });
      }),
    );
    await expect(api('/tickets')).rejects.toMatchObject({ status: 401 });
    expect(calls).toBe(2);
    expect(loggedOut).toHaveBeenCalledTimes(1);
  });
});

describe('headers', () => {
  it('sends the bearer token and the current page, or the quote token without a session', async () => {
    const headers: Record<string, string | null>[] = [];
    server.use(
      http.get('*/api/quotes/1', ({ request }) => {
        headers.push({
          auth: request.headers.get('Authorization'),
          quote: request.headers.get('X-Quote-token'),
          url: request.headers.get('Url'),
        });
        return HttpResponse.json({});
      }),
    );
    authStorage.setQuoteToken('qt');
    await api('/quotes/1');
    authStorage.setSession('at', 'rt');
    await api('/quotes/1');
    expect(headers[0]).toEqual({ auth: null, quote: 'qt', url: window.location.href });
    expect(headers[1].auth).toBe('Bearer at');
  });
});

describe('the error catalogue', () => {
  it('shows a 422 as the message in bold with each field error', async () => {
    const { shown } = captureToasts();
    server.use(
      http.post('*/api/tickets', () =>
        HttpResponse.json(
          { message: 'The given data was invalid.', errors: { description: ['Subject is required'], priority_id: ['Priority is required'] } },
          { status: 422 },
        ),
      ),
    );
    await expect(api('/tickets', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 422 });
    expect(shown).toEqual([
      [{ id: 0, kind: 'error', title: 'The given data was invalid.', lines: ['Subject is required', 'Priority is required'], strong: true }],
    ]);
  });

  it('keeps 404 and 403 silent', async () => {
    const { spy } = captureToasts();
    server.use(
      http.get('*/api/a', () => HttpResponse.json({ message: 'Not found.' }, { status: 404 })),
      http.get('*/api/b', () => HttpResponse.json({ message: 'Permission denied.' }, { status: 403 })),
    );
    await expect(api('/a')).rejects.toMatchObject({ status: 404 });
    await expect(api('/b')).rejects.toMatchObject({ status: 403 });
    expect(spy).not.toHaveBeenCalled();
  });

  it("suppresses 'Unauthenticated.' and shows other server messages", async () => {
    const { shown } = captureToasts();
    server.use(
      http.get('*/api/a', () => HttpResponse.json({ message: 'Unauthenticated.' }, { status: 400 })),
      http.get('*/api/b', () => HttpResponse.json({ message: 'Conflict.' }, { status: 409 })),
    );
    await expect(api('/a')).rejects.toBeInstanceOf(ApiError);
    await expect(api('/b')).rejects.toBeInstanceOf(ApiError);
    expect(shown.map((s) => s[0].title)).toEqual(['Conflict.']);
  });

  it('replaces the multiple-sessions message with the Dutch text', async () => {
    const { shown } = captureToasts();
    server.use(http.post('*/api/auth/login', () => HttpResponse.json({ message: MULTIPLE_SESSIONS }, { status: 400 })));
    await expect(api('/auth/login', { method: 'POST', body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(shown[0][0].title).toBe(MULTIPLE_SESSIONS_NL);
  });
});

describe('the typed client (openapi-fetch with the generated paths)', () => {
  it('fills path parameters and answers the data', async () => {
    authStorage.setSession('at', 'rt');
    const seen: string[] = [];
    server.use(
      http.get('*/api/tickets/:id', ({ params, request }) => {
        seen.push(`${params.id} ${request.headers.get('Authorization')} ${request.headers.get('Accept')}`);
        return HttpResponse.json({ id: params.id, reference: 'T-1' });
      }),
    );
    const ticket = await unwrap(client.GET('/api/tickets/{record_id}', { params: { path: { record_id: 'abc' } } }));
    expect(ticket).toMatchObject({ id: 'abc', reference: 'T-1' });
    expect(seen).toEqual(['abc Bearer at application/json']);
  });

  it('sends a refused write again, body included, with the refreshed token', async () => {
    authStorage.setSession('old', 'refresh-old');
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/contracts/:id/buy', async ({ request }) => {
        if (request.headers.get('Authorization') !== 'Bearer new') {
          return HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 });
        }
        bodies.push(await request.json());
        return HttpResponse.json({ message: 'Bought.', minutes_remaining: 60, hours_remaining: 1 });
      }),
      http.post('*/api/auth/refresh', () => HttpResponse.json({ access_token: 'new' })),
    );
    const body = { prepaid_card_id: 2 };
    const bought = await unwrap(client.POST('/api/contracts/{record_id}/buy', { params: { path: { record_id: 'c1' } }, body }));
    expect(bought.minutes_remaining).toBe(60);
    expect(bodies).toEqual([body]);
  });

  it('throws the 422 with its field errors, and the quiet client shows no toast', async () => {
    const { spy } = captureToasts();
    server.use(
      http.post('*/api/tickets', () =>
        HttpResponse.json({ message: 'Invalid.', errors: { description: ['Required'] } }, { status: 422 }),
      ),
    );
    const failed = unwrap(quietClient.POST('/api/tickets', { body: { description: '' } }));
    await expect(failed).rejects.toMatchObject({ status: 422, body: { errors: { description: ['Required'] } } });
    expect(spy).not.toHaveBeenCalled();
    await expect(unwrap(client.POST('/api/tickets', { body: { description: '' } }))).rejects.toBeInstanceOf(ApiError);
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('passes the builder query through as the list routes read it', async () => {
    let query = '';
    server.use(
      http.get('*/api/tickets', ({ request }) => {
        query = new URL(request.url).search;
        return HttpResponse.json({ data: [], total: 0 });
      }),
    );
    const params = new URLSearchParams({ 'builder[paginate][page]': '2' });
    await unwrap(client.GET('/api/tickets', { querySerializer: querySerializer(params) }));
    expect(decodeURIComponent(query)).toBe('?builder[paginate][page]=2');
  });
});
