// The first page's tenant status and signed-in user are asked for as soon as the app's
// script runs, while the page's own code still downloads, instead of one after the other
// once the page is drawn: two round trips less before a phone shows the list. The answers
// serve the first page alone; later pages read the session or ask again.
import { authStorage } from '@/lib/auth-storage';
import type { Me, SystemStatus } from '@/types/models';
import { getMe } from '@/features/auth/api/get-me';
import { getStatus } from '@/features/auth/api/get-status';

// Pages without the route guard: nothing to ask for early there.
const UNGUARDED = /^\/(login|password-reset|password|msgraph|logout|setup|403|404)(\/|$)/;

let status: Promise<SystemStatus> | null = null;
let me: Promise<Me> | null = null;

/** Starts both calls for an address under `basename` that the route guard will check. */
export function startEarlySession(pathname: string, basename: string): void {
  const base = basename.replace(/\/$/, '');
  const path = pathname.startsWith(base) ? pathname.slice(base.length) || '/' : pathname;
  if (UNGUARDED.test(path)) return;
  status = getStatus();
  // Without a session token the guard never asks for the user.
  me = authStorage.portalToken() ? getMe() : null;
  // Whoever takes an answer handles its failure; an answer nobody takes must not be
  // reported as unhandled.
  status.catch(() => undefined);
  me?.catch(() => undefined);
}

/**
 * The answers asked for early, both at once and only once: the first guard run (or the
 * landing page) takes them; a later run, perhaps under another session, asks anew.
 */
export function takeEarlySession(): { status: Promise<SystemStatus> | null; me: Promise<Me> | null } {
  const answers = { status, me };
  status = null;
  me = null;
  return answers;
}
