import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime, formatMinutes } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { deleteTimeRegistration, listTimeRegistrations, type TimeRegistration } from '../../api/time-registration';
import { useReloadData } from '@/lib/use-reload-data';
import type { Id } from '@/types/operator';
import { OPERATOR_BASE } from '@/lib/workspace-paths';
import { TRUNCATE } from '@/lib/truncate';
import { Truncated } from '@/components/display/badges';
import { ObjectLink, RouteLink } from '@/components/display/route-link';
import { NotConfirmedError, useConfirm } from '@/components/form/confirm-dialog';
import { useOperatorLookups } from '@/lib/use-operator-lookups';

type Registration = TimeRegistration;

/**
 * Every time registration, newest first: ticket, time, moment, activity, operator and the
 * invoice it is on. Time is registered on a ticket; one not yet invoiced can be taken back.
 */
export function TimeRegistrationsPage() {
  const { t } = useTranslation('operator');
  const { can } = useSession();
  const { activities, operators } = useOperatorLookups();
  const [rows, setRows] = useState<Registration[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [dialog, confirm] = useConfirm();
  const load = useCallback(() => {
    listTimeRegistrations()
      .then((answer) => {
        setRows(answer);
        setFailed(false);
      })
      .catch(() => setFailed(true));
  }, []);
  useEffect(load, [load]);
  useReloadData(load);

  const activityName = (id: number | null | undefined) => activities.find((a) => String(a.id) === String(id))?.label ?? '';
  const operatorName = (id: Id | null | undefined) => operators.find((o) => String(o.id) === String(id))?.full_name ?? '';
  const remove = async (row: Registration) => {
    try {
      await confirm();
      await deleteTimeRegistration(String(row.id));
      toast.success(t('Item deleted.'));
      load();
    } catch (error) {
      if (error instanceof NotConfirmedError) return;
      // The API client already showed the server's message.
    }
  };

  return (
    <section className="operator-list">
      <h1>{t('Time registrations')}</h1>
      <p>
        <Link to={`${OPERATOR_BASE}/time`}>{t('Open time')}</Link>
      </p>
      {failed ? (
        <p role="alert">
          {t('The time registrations could not be loaded.')}{' '}
          <button type="button" onClick={load}>
            {t('Reload')}
          </button>
        </p>
      ) : rows === null ? (
        <p role="status">{t('Loading…')}</p>
      ) : rows.length === 0 ? (
        <p className="empty">{t('No {model} found.', { model: t('Time registrations').toLowerCase() })}</p>
      ) : (
        <div className="table-wrap">
          <table className="list-table">
            <thead>
              <tr>
                <th scope="col">{t('Ticket')}</th>
                <th scope="col">{t('Description')}</th>
                <th scope="col">{t('Time')}</th>
                <th scope="col">{t('Executed at')}</th>
                <th scope="col">{t('Activity')}</th>
                <th scope="col">{t('Operator')}</th>
                <th scope="col">{t('Invoice')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('Actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>
                    <ObjectLink object={{ id: r.ticket_id }}>
                      {r.ticket_reference} <Truncated text={r.ticket_description} length={TRUNCATE.text} />
                    </ObjectLink>
                  </td>
                  <td>
                    <Truncated text={r.description} length={TRUNCATE.text} />
                  </td>
                  <td>
                    <Link to={`${OPERATOR_BASE}/time-registrations/${r.id}`} aria-label={t('Open {name}', { name: `${r.ticket_reference} ${formatMinutes(r.time_spent_rounded)}` })}>
                      {formatMinutes(r.time_spent_rounded)}
                    </Link>
                  </td>
                  <td>{formatDateTime(r.executed_at)}</td>
                  <td>{activityName(r.activity_id)}</td>
                  <td>{operatorName(r.operator_id)}</td>
                  <td>
                    {r.invoice_id ? (
                      <RouteLink name="invoices.show" id={r.invoice_id}>
                        {t('On an invoice')}
                      </RouteLink>
                    ) : (
                      t('Not invoiced')
                    )}
                  </td>
                  <td>
                    {!r.invoice_id && can('time-registrations.destroy') && (
                      <button type="button" aria-label={t('Delete {name}', { name: `${r.ticket_reference} ${formatMinutes(r.time_spent_rounded)}` })} onClick={() => void remove(r)}>
                        {t('Delete')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {dialog}
    </section>
  );
}
