import { NavLink, Outlet } from 'react-router-dom';
import { OPERATOR_BASE } from '../../utils/routes';

const TABS = [
  ['tickets', 'Tickets'],
  ['quotes', 'Quotes'],
  ['contracts', 'Contracts'],
  ['time', 'Open time'],
  ['invoices', 'Invoices'],
  ['companies', 'Companies'],
  ['settings', 'Settings'],
] as const;

export function OperatorLayout() {
  return (
    <div className="operator">
      <nav className="tabs" aria-label="Operator navigation">
        {TABS.map(([path, label]) => (
          <NavLink key={path} to={`${OPERATOR_BASE}/${path}`} className={({ isActive }) => (isActive ? 'tab active' : 'tab')}>
            {label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
