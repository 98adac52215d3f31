import { useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { SearchBox } from '@/features/search/components/search-box';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation, type MessageKey } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { OPERATOR_BASE } from '@/lib/workspace-paths';
import { useRouteGuard } from './use-route-guard';

export { decisionPath } from './use-route-guard';

export const TABS = ['tickets', 'quotes', 'subscriptions', 'assets', 'contracts', 'invoices'] as const;

/** The client portal's frame: its tabs, and for an operator a way back to the workspace. */
export function Shell() {
  const { t } = useTranslation();
  const session = useSession();
  const ready = useRouteGuard('portal');

  const tabs = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On a phone the tabs scroll sideways: keep the current one in sight (the strip alone
  // scrolls, never the page).
  useEffect(() => {
    const strip = tabs.current;
    const active = strip?.querySelector('.tab.active');
    if (!strip || !active || strip.scrollWidth <= strip.clientWidth) return;
    const a = active.getBoundingClientRect();
    const s = strip.getBoundingClientRect();
    strip.scrollLeft += a.left - s.left - (s.width - a.width) / 2;
  }, [pathname, session.user]);

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
        <nav aria-label={t('app.navigation')} className="tabs" ref={tabs}>
          {TABS.filter((tab) => session.can(`${tab}.index`)).map((tab) => (
            <NavLink key={tab} to={`/${tab}`} className={({ isActive }) => (isActive ? 'tab active' : 'tab')}>
              {t(`nav.${tab}` as MessageKey)}
            </NavLink>
          ))}
        </nav>
        <SearchBox audience="portal" enabled={Boolean(session.user)} />
        <div className="topbar-end">
          {session.user?.is_operator ? (
            <NavLink to={OPERATOR_BASE} className="workspace-link">
              {t('app.workspace')}
            </NavLink>
          ) : null}
          {session.user && <span className="user-name">{session.user.full_name}</span>}
          {session.user && (
            <NavLink to="/logout" className="logout">
              {t('auth.logout')}
            </NavLink>
          )}
          {/* Last, so the links that come with the session do not push it aside. */}
          <LanguageSwitch />
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {ready ? <Outlet /> : <Spinner label={t('common.loading')} />}
      </main>
    </div>
  );
}
