// Every call goes through openapi-fetch with the paths generated from the OpenAPI
// document (types/api.ts); the session's rules are its middleware.
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '@/types/api';
import { authStorage } from './auth-storage';
import { describeError, type ErrorBody } from './errors';
import { toast } from './toast';

export const API_BASE = '/api';

export class ApiError extends Error {
  constructor(
    public status: number,
    public body: ErrorBody | null,
  ) {
    super(body?.message ?? `HTTP ${status}`);
  }
}

let onLoggedOut: () => void = () => {
  window.location.assign(`${import.meta.env.BASE_URL}login`);
};

/** The app decides where a failed refresh leads (the login screen). */
export function setLoggedOutHandler(handler: () => void) {
  onLoggedOut = handler;
}

let refreshing: Promise<boolean> | null = null;

/** One refresh for however many calls met a 401 at the same moment. */
function refreshOnce(): Promise<boolean> {
  if (!refreshing) {
    refreshing = (async () => {
      const refreshToken = authStorage.refreshToken();
      if (!refreshToken) return false;
      try {
        const res = await globalThis.fetch(`${origin()}${API_BASE}/auth/refresh`, {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ refresh_token: refreshToken }),
        });
        if (!res.ok) return false;
        const data = (await res.json()) as { access_token: string; refresh_token?: string };
        authStorage.setSession(data.access_token, data.refresh_token);
        return true;
      } catch {
        return false;
      }
    })().finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

/** Accept, the current page, and the bearer or else the quote token. */
function sign(headers: Headers) {
  headers.set('Accept', 'application/json');
  headers.set('Url', window.location.href);
  headers.delete('Authorization');
  headers.delete('X-Quote-token');
  const portal = authStorage.portalToken();
  const quote = authStorage.quoteToken();
  if (portal) headers.set('Authorization', `Bearer ${portal}`);
  else if (quote) headers.set('X-Quote-token', quote);
}

const signing: Middleware = {
  onRequest({ request }) {
    sign(request.headers);
    return request;
  },
};

const NO_REFRESH = ['/auth/login', '/auth/refresh', '/auth/logout'].map((p) => `${API_BASE}${p}`);

/** On a 401: refresh once, repeat the call; a second refusal signs the user out. */
function refreshing401(): Middleware {
  const copies = new Map<string, Request>();
  return {
    onRequest({ request, id }) {
      if (!NO_REFRESH.includes(new URL(request.url).pathname)) copies.set(id, request.clone());
    },
    async onResponse({ response, id }) {
      const copy = copies.get(id);
      copies.delete(id);
      if (response.status !== 401 || !copy) return undefined;
      let answer = response;
      if (await refreshOnce()) {
        const again = new Request(copy);
        sign(again.headers);
        answer = await globalThis.fetch(again);
      }
      if (answer.status === 401) {
        authStorage.clear();
        onLoggedOut();
      }
      return answer;
    },
    onError({ id }) {
      copies.delete(id);
    },
  };
}

async function readBody(res: Response): Promise<ErrorBody | null> {
  try {
    return (await res.clone().json()) as ErrorBody;
  } catch {
    return null;
  }
}

/** A failed answer becomes an ApiError; with `toast`, the catalogue's message shows. */
function errors(toasts: boolean): Middleware {
  return {
    async onResponse({ response }) {
      if (response.ok) return undefined;
      const body = await readBody(response);
      if (toasts) {
        const shown = describeError(response.status, body, response.statusText || `HTTP ${response.status}`);
        if (shown) toast.error(shown.title, shown.lines, shown.strong);
      }
      throw new ApiError(response.status, body);
    },
  };
}

function origin() {
  return globalThis.location?.origin ?? '';
}

function makeClient(toasts: boolean) {
  const made = createClient<paths>({
    baseUrl: origin(),
    credentials: 'include',
    // looked up per call, so a test's mock fetch is the one used
    fetch: (request) => globalThis.fetch(request),
  });
  // onRequest runs in this order, onResponse in the reverse: sign, keep a copy for a
  // retry, and only then (after a refresh had its chance) turn failures into errors.
  made.use(errors(toasts), signing, refreshing401());
  return made;
}

/** The typed client: `client.GET('/api/tickets/{record_id}', ...)`; errors toast. */
export const client = makeClient(true);
/** The same client for calls whose caller shows its own message. */
export const quietClient = makeClient(false);

type Answer<D> = { data?: D; error?: unknown; response: Response };

/** The answer's data; failures were thrown as ApiError by the middleware. */
export async function unwrap<D>(call: Promise<Answer<D>>): Promise<D> {
  const { data } = await call;
  return data as D;
}

/**
 * A multipart body: the route's declared fields, plus what the schema does not name
 * (files as file[0], file[1], ...; repeated fields such as attachment_ids[]).
 */
export function formWith(
  fields: Record<string, string | number | boolean | null | undefined> | undefined,
  files: File[] = [],
  repeated: Record<string, (string | number)[]> = {},
) {
  const form = new FormData();
  Object.entries(fields ?? {}).forEach(([name, value]) => {
    if (value !== undefined && value !== null) form.append(name, String(value));
  });
  Object.entries(repeated).forEach(([name, values]) => values.forEach((v) => form.append(name, String(v))));
  files.forEach((f, i) => form.append(`file[${i}]`, f));
  return form;
}

export type Query = Record<string, string | number | undefined> | URLSearchParams;

/** The builder's query (`builder[...]` keys), which the routes read themselves. */
export function querySerializer(query?: Query) {
  return () => {
    if (!query) return '';
    const params =
      query instanceof URLSearchParams
        ? query
        : new URLSearchParams(
            Object.entries(query)
              .filter(([, v]) => v !== undefined)
              .map(([k, v]) => [k, String(v)]),
          );
    return params.toString();
  };
}

/** Hands a downloaded blob to the browser as a file. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
