import { useEffect, useState } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation } from 'react-router-dom';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { Spinner } from '@/components/ui/spinner';
import { SearchBox } from '@/features/search/components/search-box';
import { useRouteReady } from '@/lib/route-ready';
import { useSession } from '@/lib/session';
import { useTranslation, type OperatorKey } from '@/lib/i18n';
import { OPERATOR_BASE } from '@/lib/workspace-paths';
import { useUnreadMentions } from '@/features/notifications/components/operator/notifications-page';

type Entry = { path: string; label: OperatorKey; permission: string };

// Each entry shows when the operator holds its permission ('{model}.index', SPEC §6).
export const OPERATOR_TABS: readonly Entry[] = [
  { path: 'tickets', label: 'Tickets', permission: 'tickets.index' },
  { path: 'quotes', label: 'Quotes', permission: 'quotes.index' },
  { path: 'contracts', label: 'Contracts', permission: 'contracts.index' },
  { path: 'subscriptions', label: 'Subscriptions', permission: 'subscriptions.index' },
  { path: 'invoices', label: 'Invoices', permission: 'invoices.index' },
  { path: 'assets', label: 'Assets', permission: 'assets.index' },
  { path: 'companies', label: 'Companies', permission: 'companies.index' },
  { path: 'clients', label: 'Clients', permission: 'clients.index' },
  { path: 'deals', label: 'Deals', permission: 'deals.index' },
  { path: 'projects', label: 'Projects', permission: 'projects.index' },
  { path: 'used-products', label: 'Used products', permission: 'used-products.index' },
  { path: 'time', label: 'Open time', permission: 'time-registrations.index' },
  { path: 'sla-report', label: 'SLA report', permission: 'tickets.index' },
  { path: 'audit', label: 'Audit', permission: 'audit.view' },
];

/** The settings group of the navigation. */
export const OPERATOR_SETTINGS: readonly Entry[] = [
  { path: 'slas', label: 'SLAs', permission: 'settings.index' },
  { path: 'settings/business-hours', label: 'Business hours', permission: 'settings.index' },
  { path: 'prepaid-cards', label: 'Prepaid cards', permission: 'settings.index' },
  { path: 'ticket-groups', label: 'Ticket groups', permission: 'ticket-groups.index' },
  { path: 'locations', label: 'Locations', permission: 'locations.index' },
  { path: 'tickets/templates', label: 'Ticket templates', permission: 'ticket-templates.index' },
  { path: 'operators', label: 'Operators', permission: 'operators.index' },
  { path: 'settings', label: 'Setting lists', permission: 'settings.index' },
  { path: 'settings/mail', label: 'Mail settings', permission: 'settings.index' },
  { path: 'settings/mail/review', label: 'Mail review', permission: 'tickets.store' },
  { path: 'settings/billing-profile', label: 'Billing profile', permission: 'settings.index' },
];

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'workspace-link active' : 'workspace-link');

/** /operator itself: the first page of the navigation the operator may open. */
export function WorkspaceHome() {
  const { can } = useSession();
  const first = [...OPERATOR_TABS, ...OPERATOR_SETTINGS].find((entry) => can(entry.permission));
  return <Navigate to={first ? `${OPERATOR_BASE}/${first.path}` : '/403'} replace />;
}

/**
 * The operator workspace's own frame: a header (name, menu button on a phone, the portal
 * view, language, sign out) and the navigation beside the page, not the portal's tabs.
 */
export function OperatorLayout() {
  const { t } = useTranslation('operator');
  const { t: tApp } = useTranslation();
  const { can, status, user } = useSession();
  const { pathname } = useLocation();
  const unread = useUnreadMentions(pathname);
  const ready = useRouteReady();
  const [menuOpen, setMenuOpen] = useState(false);

  const tenant = status?.tenant_name;
  useEffect(() => {
    if (tenant) document.title = t('{tenant} workspace', { tenant });
  }, [tenant, t]);

  // "tickets" stays lit on a ticket, but not on the ticket templates below it.
  // "settings" and "settings/mail" likewise stay dark below the entries under them.
  const under = (entry: Entry) =>
    OPERATOR_SETTINGS.some((o) => o.path.startsWith(`${entry.path}/`) && (pathname === `${OPERATOR_BASE}/${o.path}` || pathname.startsWith(`${OPERATOR_BASE}/${o.path}/`)));
  const active = (entry: Entry) =>
    pathname === `${OPERATOR_BASE}/${entry.path}` ||
    (pathname.startsWith(`${OPERATOR_BASE}/${entry.path}/`) && !(entry.path === 'tickets' && pathname.startsWith(`${OPERATOR_BASE}/tickets/templates`)) && !under(entry));
  const link = (entry: Entry) => (
    <li key={entry.path}>
      {/* a Link, not a NavLink: NavLink marks every entry whose path starts the address as the current page */}
      <Link to={`${OPERATOR_BASE}/${entry.path}`} className={linkClass({ isActive: active(entry) })} aria-current={active(entry) ? 'page' : undefined}>
        {t(entry.label)}
      </Link>
    </li>
  );
  const settings = OPERATOR_SETTINGS.filter((entry) => can(entry.permission));

  return (
    <div className={menuOpen ? 'workspace menu-open' : 'workspace'}>
      <a href="#workspace-main" className="skip-link">
        {tApp('app.skip')}
      </a>
      <header className="workspace-bar">
        <button
          type="button"
          className="menu-button"
          aria-expanded={menuOpen}
          aria-controls="workspace-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {t('Menu')}
        </button>
        <span className="brand">{tenant ? t('{tenant} workspace', { tenant }) : t('Workspace')}</span>
        <SearchBox audience="operator" enabled={Boolean(user)} />
        <div className="topbar-end">
          <NavLink to="/tickets" className="portal-link">
            {t('Portal view')}
          </NavLink>
          {user && <span className="user-name">{user.full_name}</span>}
          <LanguageSwitch />
          {user && (
            <NavLink to="/logout" className="logout">
              {tApp('auth.logout')}
            </NavLink>
          )}
        </div>
      </header>
      {/* choosing a page (the current one too) closes the phone menu */}
      <nav id="workspace-nav" className="workspace-nav" aria-label={t('Operator navigation')} onClick={() => setMenuOpen(false)}>
        <ul>
          {OPERATOR_TABS.filter((entry) => can(entry.permission)).map(link)}
          {can('messages.index') && (
            <li>
              <NavLink to={`${OPERATOR_BASE}/mentions`} className={linkClass}>
                {t('Mentions')}
                {unread > 0 && (
                  <span className="count-bubble" aria-label={t('{n} unread', { n: unread })}>
                    {' '}
                    {unread}
                  </span>
                )}
              </NavLink>
            </li>
          )}
        </ul>
        {settings.length > 0 && (
          <>
            <h2 className="workspace-nav-heading">{t('Settings')}</h2>
            <ul>{settings.map(link)}</ul>
          </>
        )}
      </nav>
      <main id="workspace-main" className="workspace-main" tabIndex={-1}>
        {ready ? <Outlet /> : <Spinner label={tApp('common.loading')} />}
      </main>
    </div>
  );
}
