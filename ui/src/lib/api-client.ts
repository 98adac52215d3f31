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

export type Query = Record<string, string | number | undefined> | URLSearchParams;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Query;
  responseType?: 'json' | 'blob';
  /** Suppress the error toast; the caller shows its own message. */
  silent?: boolean;
  signal?: AbortSignal;
};

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
        const res = await fetch(`${API_BASE}/auth/refresh`, {
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

function buildUrl(path: string, query?: Query) {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params =
    query instanceof URLSearchParams
      ? query
      : new URLSearchParams(
          Object.entries(query)
            .filter(([, v]) => v !== undefined)
            .map(([k, v]) => [k, String(v)]),
        );
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

function headers(body: unknown): Record<string, string> {
  const h: Record<string, string> = { Accept: 'application/json', Url: window.location.href };
  if (body !== undefined && !(body instanceof FormData)) h['Content-Type'] = 'application/json';
  const portal = authStorage.portalToken();
  const quote = authStorage.quoteToken();
  if (portal) h.Authorization = `Bearer ${portal}`;
  else if (quote) h['X-Quote-token'] = quote;
  return h;
}

async function readBody(res: Response): Promise<ErrorBody | null> {
  try {
    return (await res.json()) as ErrorBody;
  } catch {
    return null;
  }
}

function send(path: string, opts: RequestOptions) {
  const body =
    opts.body === undefined ? undefined : opts.body instanceof FormData ? opts.body : JSON.stringify(opts.body);
  return fetch(buildUrl(path, opts.query), {
    method: opts.method ?? 'GET',
    credentials: 'include',
    headers: headers(opts.body),
    body,
    signal: opts.signal,
  });
}

const NO_REFRESH = ['/auth/login', '/auth/refresh', '/auth/logout'];

export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  let res = await send(path, opts);
  if (res.status === 401 && !NO_REFRESH.includes(path)) {
    if (await refreshOnce()) {
      res = await send(path, opts);
    }
    if (res.status === 401) {
      authStorage.clear();
      onLoggedOut();
      throw new ApiError(401, await readBody(res));
    }
  }
  if (!res.ok) {
    const body = await readBody(res);
    if (!opts.silent) {
      const shown = describeError(res.status, body, res.statusText || `HTTP ${res.status}`);
      if (shown) toast.error(shown.title, shown.lines, shown.strong);
    }
    throw new ApiError(res.status, body);
  }
  if (opts.responseType === 'blob') return (await res.blob()) as T;
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
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
