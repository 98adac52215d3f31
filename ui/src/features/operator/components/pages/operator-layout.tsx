import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '@/lib/session';
import { OPERATOR_BASE } from '../../utils/routes';
import { useUnreadMentions } from './notifications-page';
import { useTranslation } from '@/lib/i18n';

// Each tab shows when the operator holds '{model}.index' (SPEC §6).
export const OPERATOR_TABS = [
  { path: 'tickets', label: 'Tickets', permission: 'tickets.index' },
  { path: 'quotes', label: 'Quotes', permission: 'quotes.index' },
  { path: 'contracts', label: 'Contracts', permission: 'contracts.index' },
  { path: 'time', label: 'Open time', permission: 'time-registrations.index' },
  { path: 'invoices', label: 'Invoices', permission: 'invoices.index' },
  { path: 'deals', label: 'Deals', permission: 'deals.index' },
  { path: 'projects', label: 'Projects', permission: 'projects.index' },
  { path: 'used-products', label: 'Used products', permission: 'used-products.index' },
  { path: 'companies', label: 'Companies', permission: 'companies.index' },
  { path: 'ticket-groups', label: 'Ticket groups', permission: 'ticket-groups.index' },
  { path: 'settings', label: 'Settings', permission: 'settings.index' },
] as const;

export function OperatorLayout() {
  const { t } = useTranslation('operator');
  const { can } = useSession();
  const { pathname } = useLocation();
  const unread = useUnreadMentions(pathname);
  return (
    <div className="operator">
      <nav className="tabs" aria-label={t('Operator navigation')}>
        {OPERATOR_TABS.filter((tab) => can(tab.permission)).map((tab) => (
          <NavLink key={tab.path} to={`${OPERATOR_BASE}/${tab.path}`} className={({ isActive }) => (isActive ? 'tab active' : 'tab')}>
            {t(tab.label)}
          </NavLink>
        ))}
        {can('messages.index') && (
          <NavLink to={`${OPERATOR_BASE}/mentions`} className={({ isActive }) => (isActive ? 'tab active' : 'tab')}>
            {t('Mentions')}
            {unread > 0 && (
              <span className="count-bubble" aria-label={t('{n} unread', { n: unread })}>
                {' '}
                {unread}
              </span>
            )}
          </NavLink>
        )}
      </nav>
      <Outlet />
    </div>
  );
}
