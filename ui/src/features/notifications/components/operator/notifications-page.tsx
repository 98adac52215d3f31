import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { getNotifications, type OperatorNotification } from '../../api/get-notifications';
import { markNotificationRead } from '../../api/mark-notification-read';
import { useReloadData } from '@/lib/use-reload-data';
import { messageHash, routePath } from '@/lib/workspace-paths';
import { RelativeTime } from '@/components/display/relative-time';
import { useTranslation } from '@/lib/i18n';

const ROUTE_OF_TYPE: Record<string, string> = { Ticket: 'tickets', Asset: 'assets', Company: 'companies', User: 'clients' };

/** Where a notification points: its object's page, at the message when there is one. */
export function notificationPath(n: OperatorNotification): string | null {
  if (!n.morphable_type || n.morphable_id === null) return null;
  const route = ROUTE_OF_TYPE[n.morphable_type] ?? 'tickets';
  return routePath(`${route}.show`, n.morphable_id, n.message_id === null ? undefined : messageHash(n.message_id));
}

/** The operator's mentions, unread ones marked; opening one marks it read. */
export function NotificationsPage() {
  const { t } = useTranslation('operator');
  const [items, setItems] = useState<OperatorNotification[] | null>(null);
  const load = useCallback(() => {
    getNotifications()
      .then(setItems)
      .catch(() => setItems([]));
  }, []);
  useEffect(load, [load]);
  useReloadData(load);

  const markRead = async (n: OperatorNotification) => {
    if (n.read_at) return;
    await markNotificationRead(n.id);
    window.dispatchEvent(new Event('notifications-changed'));
    load();
  };

  if (items === null) return <p role="status">{t('Loading…')}</p>;
  return (
    <section className="notifications">
      <h1>{t('Mentions')}</h1>
      {items.length === 0 ? (
        <p className="muted">{t('No mentions yet.')}</p>
      ) : (
        <ul className="notification-list" aria-label={t('Mentions')}>
          {items.map((n) => {
            const path = notificationPath(n);
            return (
              <li key={n.id} className={n.read_at ? 'notification' : 'notification unread'} aria-current={n.read_at ? undefined : 'true'}>
                {path ? (
                  <Link to={path} onClick={() => void markRead(n)}>
                    {n.text}
                  </Link>
                ) : (
                  n.text
                )}{' '}
                <RelativeTime value={n.created_at} />{' '}
                {!n.read_at && (
                  <button type="button" onClick={() => void markRead(n)} aria-label={t('Mark as read: {text}', { text: n.text })}>
                    {t('Mark as read')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** The number of unread mentions, refreshed on navigation and when one is read. */
export function useUnreadMentions(key: string): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    let alive = true;
    const refresh = () =>
      void getNotifications(true)
        .then((rows) => alive && setCount(rows.length))
        .catch(() => undefined);
    refresh();
    window.addEventListener('notifications-changed', refresh);
    return () => {
      alive = false;
      window.removeEventListener('notifications-changed', refresh);
    };
  }, [key]);
  return count;
}
