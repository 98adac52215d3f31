import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime, formatMinutes } from '@/lib/format';
import { toast } from '@/lib/toast';
import { getOpenTime, invoiceTime, type OpenTimeRegistration } from '../../api/open-time';
import { useReloadData } from '@/lib/use-reload-data';
import { useTranslation } from '@/lib/i18n';
import { Truncated } from '@/components/display/badges';
import { ObjectLink, RouteLink } from '@/components/display/route-link';
import { OPERATOR_BASE } from '@/lib/workspace-paths';
import { TRUNCATE } from '@/lib/truncate';

/** Registered time not yet invoiced; the chosen rows go onto draft invoices. */
export function OpenTimePage() {
  const { t } = useTranslation('operator');
  const [rows, setRows] = useState<OpenTimeRegistration[] | null>(null);
  const [selected, setSelected] = useState<(number | string)[]>([]);
  const [busy, setBusy] = useState(false);
  const [drafts, setDrafts] = useState<(number | string)[]>([]);
  const load = useCallback(() => {
    getOpenTime()
      .then(setRows)
      .catch(() => setRows([]));
  }, []);
  useEffect(load, [load]);
  useReloadData(load);

  const toggle = (id: number | string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));

  return (
    <section>
      <h1>{t('Open time')}</h1>
      <p>
        <Link to={`${OPERATOR_BASE}/time-registrations`}>{t('Time registrations')}</Link>
      </p>
      <button
        type="button"
        className="primary"
        disabled={selected.length === 0 || busy}
        onClick={async () => {
          setBusy(true);
          try {
            const answer = await invoiceTime(selected);
            toast.success(t('Line added to draft invoice.'));
            setDrafts(answer?.invoice_ids ?? []);
            setSelected([]);
            load();
          } catch {
            // The API client already showed the server's message.
          } finally {
            setBusy(false);
          }
        }}
      >
        {t('Put on draft invoice')}
      </button>
      {drafts.length > 0 && (
        <p className="drafts">
          {t('Draft invoices:')}{' '}
          {drafts.map((id, i) => (
            <span key={id}>
              {i > 0 && ', '}
              <RouteLink name="invoices.show" id={id}>
                {t('Open draft invoice')} {drafts.length > 1 ? i + 1 : ''}
              </RouteLink>
            </span>
          ))}
        </p>
      )}
      {rows === null ? (
        <p role="status">{t('Loading…')}</p>
      ) : rows.length === 0 ? (
        <p className="empty">{t('No open time.')}</p>
      ) : (
        <table className="list-table">
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">{t('Select')}</span>
              </th>
              <th scope="col">{t('Ticket')}</th>
              <th scope="col">{t('Description')}</th>
              <th scope="col">{t('Time')}</th>
              <th scope="col">{t('Executed at')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td>
                  <input type="checkbox" aria-label={t('Select {name}', { name: `${r.ticket_reference} ${r.description}` })} checked={selected.includes(r.id)} onChange={() => toggle(r.id)} />
                </td>
                <td>
                  <ObjectLink object={{ id: r.ticket_id }}>{r.ticket_reference}</ObjectLink>
                </td>
                <td>
                  <Truncated text={r.description} length={TRUNCATE.text} />
                </td>
                <td>{formatMinutes(r.time_spent_rounded)}</td>
                <td>{formatDateTime(r.executed_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
