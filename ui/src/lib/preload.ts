// A page's first read, started by the route table beside the download of the page's code
// instead of after it has loaded and drawn: the page takes the answer (once) rather than
// asking again. Only a read that succeeded is handed over; on a failure the page asks as
// it always did, so its errors show as before (the early read itself is quiet).
import type { LoaderFunctionArgs } from 'react-router-dom';
import { authStorage } from './auth-storage';

/** How long an early answer waits for its page (a page the guard refused never comes). */
export const PRELOAD_KEPT_MS = 30_000;

const early = new Map<string, { answer: Promise<unknown>; at: number }>();

/** Starts `load` now under `key`, for a signed-in user only (the guard decides the rest). */
export function preload(key: string, load: () => Promise<unknown>): void {
  if (!authStorage.portalToken() || early.has(key)) return;
  const answer = load();
  // the page handles a failure by asking again; nobody else is waiting for this one
  answer.catch(() => undefined);
  early.set(key, { answer, at: Date.now() });
}

/** The early answer under `key` if one was started (and not yet taken), else `load()`. */
export function takePreloaded<T>(key: string, load: () => Promise<T>): Promise<T> {
  const found = early.get(key);
  early.delete(key);
  if (!found || Date.now() - found.at > PRELOAD_KEPT_MS) return load();
  return (found.answer as Promise<T>).catch(() => load());
}

/**
 * A route's loader that starts `read` of the record at the route's :id when the address
 * matches (the router calls it beside the route's lazy code) and returns at once. The page
 * reads its record again itself, so the router never needs to.
 */
export function readsRecord(read: (id: string) => void) {
  return {
    loader: ({ params }: LoaderFunctionArgs) => {
      if (params.id) read(params.id);
      return null;
    },
    shouldRevalidate: () => false,
  };
}
