import { Link, Navigate, useParams } from 'react-router-dom';
import { OPERATOR_BASE } from '@/lib/workspace-paths';
import { SettingList } from '@/components/form/setting-list';
import type { OrderedRoute } from '@/components/records/api/resources';
import { useTranslation, type OperatorKey } from '@/lib/i18n';

/** The setting lists of the workspace, each a collection the API can reorder. */
export const SETTING_LISTS: Partial<Record<OrderedRoute, OperatorKey>> = {
  priorities: 'Priorities',
  categories: 'Categories',
  activities: 'Activities',
  'asset-categories': 'Asset categories',
  'asset-statuses': 'Asset statuses',
  services: 'Services',
  'ticket-sources': 'Ticket sources',
  'ticket-types': 'Ticket types',
  'ticket-statuses': 'Ticket statuses',
  'contract-periods': 'Contract periods',
  'subscription-periods': 'Subscription periods',
};

export function SettingsIndexPage() {
  const { t } = useTranslation('operator');
  return (
    <section>
      <h1>{t('Settings')}</h1>
      <ul>
        {Object.entries(SETTING_LISTS).map(([route, title]) => (
          <li key={route}>
            <Link to={`${OPERATOR_BASE}/settings/${route}`}>{t(title)}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function SettingListPage() {
  const { t } = useTranslation('operator');
  const { list = '' } = useParams();
  const route = list in SETTING_LISTS ? (list as OrderedRoute) : null;
  const title = route && SETTING_LISTS[route];
  if (!route || !title) return <Navigate to={`${OPERATOR_BASE}/settings`} replace />;
  return <SettingList key={route} route={route} title={t(title)} />;
}
