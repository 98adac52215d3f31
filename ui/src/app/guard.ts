// The portal route guard of SPEC §2.2, as a pure function of its inputs so the order of
// its steps can be tested without a router.
import { ApiError } from '@/lib/api-client';
import type { SystemStatus, User } from '@/types/models';

export type GuardDeps = {
  fetchStatus: () => Promise<SystemStatus>;
  loadUser: () => Promise<User>;
  logout: () => Promise<void> | void;
  portalToken: () => string | null;
  quoteToken: () => string | null;
  storeQuoteToken: (token: string) => void;
};

/** Which shell the route sits in: the client portal or the operator workspace. */
export type Audience = 'portal' | 'operator';

export type GuardInput = { routeName: string; pathname: string; search: string; host: string; audience?: Audience };

/** Names whose objects are settings: they need the settings permission of the same action. */
const SETTING_ROUTES = ['slas', 'prepaid-cards'];

/** The permission a route name needs. */
export function permissionFor(routeName: string): string {
  const [prefix, action] = routeName.split('.');
  return SETTING_ROUTES.includes(prefix) && action ? `settings.${action}` : routeName;
}

/** The workspace's landing route, open to every operator (it moves on to a permitted page). */
export const WORKSPACE_HOME = 'workspace';

export type Decision =
  | { type: 'allow'; cleanUrl?: string }
  | { type: 'setup' }
  | { type: 'login' }
  | { type: 'forbidden'; r: string }
  | { type: 'not-found'; d: string };

/** The tenant's subdomain: the first label of a host with more than one. */
export function subdomain(host: string): string {
  const name = host.split(':')[0];
  const labels = name.split('.');
  return labels.length > 1 ? labels[0] : '';
}

/** The routes a quote token opens without a login. */
const QUOTE_TOKEN_ROUTES = ['quotes.show'];

export async function runGuard(input: GuardInput, deps: GuardDeps): Promise<Decision> {
  // A ?token= on entry is the quote token; it is kept and taken out of the address.
  const params = new URLSearchParams(input.search);
  const token = params.get('token');
  let cleanUrl: string | undefined;
  if (token) {
    deps.storeQuoteToken(token);
    params.delete('token');
    const rest = params.toString();
    cleanUrl = `${input.pathname}${rest ? `?${rest}` : ''}`;
  }

  let status: SystemStatus;
  try {
    status = await deps.fetchStatus();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      return { type: 'not-found', d: subdomain(input.host) };
    }
    return { type: 'login' };
  }
  if (!status.setup_completed) return { type: 'setup' };

  const trialEnded = status.trial_ends_in !== null && status.trial_ends_in < 0;
  const portal = deps.portalToken();
  const quote = deps.quoteToken();
  if (trialEnded || (!portal && !quote)) return { type: 'login' };

  if (!portal) {
    return QUOTE_TOKEN_ROUTES.includes(input.routeName) ? { type: 'allow', cleanUrl } : { type: 'login' };
  }

  let user: User;
  try {
    user = await deps.loadUser();
  } catch (error) {
    // A call the server answered with an error ends the session. One that got no answer
    // (the page reloading while it ran, the network gone) leaves the session alone: a
    // logout sent then would end the session the reloaded page is about to use.
    if (error instanceof ApiError) await deps.logout();
    return { type: 'login' };
  }

  // The workspace is for operators only; a client holding tickets.index is still no operator.
  const operator = Boolean(user.is_operator);
  const open = input.audience === 'operator' && input.routeName === WORKSPACE_HOME;
  if ((input.audience === 'operator' && !operator) || (!open && !user.permissions_names.includes(permissionFor(input.routeName)))) {
    return { type: 'forbidden', r: `${input.pathname}|${input.routeName}` };
  }
  return { type: 'allow', cleanUrl };
}
