// Runs the route guard (SPEC §2.2) once per address for a shell and says when the page may
// show; any other decision moves the browser on.
import { startTransition, useEffect, useRef, useState } from 'react';
import { useLocation, useMatches, useNavigate } from 'react-router-dom';
import { setLoggedOutHandler } from '@/lib/api-client';
import { authStorage } from '@/lib/auth-storage';
import { useSession } from '@/lib/session';
import { getMe } from '@/features/auth/api/get-me';
import { getStatus } from '@/features/auth/api/get-status';
import { logout } from '@/features/auth/api/logout';
import { takeEarlySession } from './early-session';
import { runGuard, type Audience, type Decision } from './guard';

type Handle = { name?: string };

/** Where a guard decision other than 'allow' sends the browser. */
export function decisionPath(decision: Exclude<Decision, { type: 'allow' }>): string {
  switch (decision.type) {
    case 'setup':
      return '/setup';
    case 'login':
      return '/login';
    case 'forbidden':
      return `/403?r=${encodeURIComponent(decision.r)}`;
    case 'not-found':
      return `/404?d=${encodeURIComponent(decision.d)}`;
  }
}

/** True once the guard allowed the current address. */
export function useRouteGuard(audience: Audience): boolean {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const matches = useMatches();
  const routeName = (matches[matches.length - 1]?.handle as Handle | undefined)?.name ?? '';
  const [allowed, setAllowed] = useState<string | null>(null);
  const sessionRef = useRef(session);
  sessionRef.current = session;

  useEffect(() => {
    setLoggedOutHandler(() => {
      sessionRef.current.setMe(null, null);
      navigate('/login', { replace: true });
    });
  }, [navigate]);

  const locationId = `${location.pathname}${location.search}`;
  useEffect(() => {
    let alive = true;
    const early = takeEarlySession();
    void runGuard(
      { routeName, pathname: location.pathname, search: location.search, host: window.location.host, audience },
      {
        fetchStatus: async () => {
          const status = sessionRef.current.status ?? (await (early.status ?? getStatus()));
          startTransition(() => sessionRef.current.setStatus(status));
          return status;
        },
        loadUser: async () => {
          const current = sessionRef.current.user;
          if (current) return current;
          const me = await (early.me ?? getMe());
          startTransition(() => sessionRef.current.setMe(me.user, me.lookups));
          return me.user;
        },
        logout: async () => {
          await logout();
          sessionRef.current.setMe(null, null);
        },
        portalToken: authStorage.portalToken,
        quoteToken: authStorage.quoteToken,
        storeQuoteToken: authStorage.setQuoteToken,
      },
    ).then((decision) => {
      if (!alive) return;
      if (decision.type === 'allow') {
        if (decision.cleanUrl) navigate(decision.cleanUrl, { replace: true });
        // The shell and the page draw as a transition, in slices (see main.tsx).
        else startTransition(() => setAllowed(locationId));
      } else {
        navigate(decisionPath(decision), { replace: true });
      }
    });
    return () => {
      alive = false;
    };
    // The guard runs once per address; the session is read through a ref.
  }, [locationId, routeName, navigate, location.pathname, location.search, audience]);

  return allowed === locationId;
}
