import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '@/lib/session';
import { OPERATOR_BASE } from '../../utils/routes';
import { useUnreadMentions } from './notifications-page';

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
  const { can } = useSession();
  const { pathname } = useLocation();
  const unread = useUnreadMentions(pathname);
  return (
    <div className="operator">
      <nav className="tabs" aria-label="Operator navigation">
        {OPERATOR_TABS.filter((t) => can(t.permission)).map((t) => (
          <NavLink key={t.path} to={`${OPERATOR_BASE}/${t.path}`} className={({ isActive }) => (isActive ? 'tab active' : 'tab')}>
            {t.label}
          </NavLink>
        ))}
        {can('messages.index') && (
          <NavLink to={`${OPERATOR_BASE}/mentions`} className={({ isActive }) => (isActive ? 'tab active' : 'tab')}>
            Mentions{unread > 0 && <span className="count-bubble" aria-label={`${unread} unread`}> {unread}</span>}
          </NavLink>
        )}
      </nav>
      <Outlet />
    </div>
  );
}
