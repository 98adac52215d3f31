import { useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation, useMatches, useNavigate } from 'react-router-dom';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { Spinner } from '@/components/ui/spinner';
import { setLoggedOutHandler } from '@/lib/api-client';
import { authStorage } from '@/lib/auth-storage';
import { useTranslation, type MessageKey } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { getMe } from '@/features/auth/api/get-me';
import { getStatus } from '@/features/auth/api/get-status';
import { logout } from '@/features/auth/api/logout';
import { runGuard, type Decision } from './guard';

export const TABS = ['tickets', 'quotes', 'subscriptions', 'assets', 'contracts', 'invoices'] as const;

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

export function Shell() {
  const { t } = useTranslation();
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
    void runGuard(
      { routeName, pathname: location.pathname, search: location.search, host: window.location.host },
      {
        fetchStatus: async () => {
          const status = sessionRef.current.status ?? (await getStatus());
          sessionRef.current.setStatus(status);
          return status;
        },
        loadUser: async () => {
          const current = sessionRef.current.user;
          if (current) return current;
          const me = await getMe();
          sessionRef.current.setMe(me.user, me.lookups);
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
        else setAllowed(locationId);
      } else {
        navigate(decisionPath(decision), { replace: true });
      }
    });
    return () => {
      alive = false;
    };
    // The guard runs once per address; the session is read through a ref.
  }, [locationId, routeName, navigate, location.pathname, location.search]);

  const tenant = session.status?.tenant_name;
  useEffect(() => {
    if (tenant) document.title = t('app.title', { tenant });
  }, [tenant, t]);

  return (
    <div className="shell">
      <a href="#main" className="skip-link">
        {t('app.skip')}
      </a>
      <header className="topbar">
        <span className="brand">{tenant ? t('app.title', { tenant }) : t('app.portal')}</span>
        <nav aria-label={t('app.navigation')} className="tabs">
          {TABS.filter((tab) => session.can(`${tab}.index`)).map((tab) => (
            <NavLink key={tab} to={`/${tab}`} className={({ isActive }) => (isActive ? 'tab active' : 'tab')}>
              {t(`nav.${tab}` as MessageKey)}
            </NavLink>
          ))}
        </nav>
        <div className="topbar-end">
          {session.user && <span className="user-name">{session.user.full_name}</span>}
          <LanguageSwitch />
          {session.user && (
            <NavLink to="/logout" className="logout">
              {t('auth.logout')}
            </NavLink>
          )}
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {allowed === locationId ? <Outlet /> : <Spinner label={t('common.loading')} />}
      </main>
    </div>
  );
}
