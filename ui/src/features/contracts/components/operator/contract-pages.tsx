import { formatDate, formatMinutes } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import type { Contract, Id } from '@/types/operator';
import { ArchivedName, Truncated } from '@/components/display/badges';
import { ExpiryBadge } from '@/components/display/due-date';
import { PERIODS } from '@/components/display/record-facts';
import { RouteLink } from '@/components/display/route-link';
import { OperatorList, type OperatorColumn } from '@/components/records/operator-list';
import { TRUNCATE } from '@/lib/truncate';
import { NewRecordLink, type Rec } from '@/components/records/record-form';
import { contractKind } from '../../kind';
import { ResourceDetailPage } from '@/components/records/resource-pages';

/** A contract's period in words; none means a prepaid card (SPEC §3.2). */
function PeriodName({ period }: { period?: string | null }) {
  const { t } = useTranslation('operator');
  if (!period) return <>{t('Prepaid card')}</>;
  return <>{PERIODS[period] ? t(PERIODS[period]) : period}</>;
}

const columns: OperatorColumn<Contract>[] = [
  {
    id: 'name',
    label: 'Name',
    cell: (c) => (
      <RouteLink name="contracts.show" id={c.id}>
        <Truncated text={c.name} length={TRUNCATE.text} />
      </RouteLink>
    ),
  },
  { id: 'company', label: 'Company', cell: (c) => (c.company ? <ArchivedName record={c.company} /> : null) },
  { id: 'period', label: 'Period', cell: (c) => <PeriodName period={c.period} /> },
  { id: 'remaining', label: 'Remaining', cell: (c) => formatMinutes(c.minutes_remaining) },
  { id: 'end', label: 'End date', cell: (c) => <ExpiryBadge value={c.end_date} /> },
];

export function ContractsPage() {
  const { t } = useTranslation('operator');
  return (
    <>
      <NewRecordLink kind={contractKind} />
      <OperatorList<Contract> route="contracts" title={t('Contracts')} columns={columns} order={['name', 'asc']} />
    </>
  );
}

type Registration = {
  id: Id;
  ticket_id: Id;
  ticket_reference?: string;
  ticket_description?: string;
  time_spent_rounded: number;
  executed_at: string | null;
  activity?: { name?: string; label?: string } | null;
  description?: string;
  operator?: { full_name?: string } | null;
};
type Period = { id: Id; period_start: string; period_end: string | null; registered_time: number; minutes_remaining: number; time_registrations?: Registration[] };

/** One period of a contract: registered and remaining time, and the time booked on it. */
function PeriodBlock({ period }: { period: Period }) {
  const { t } = useTranslation('operator');
  const title = period.period_end ? `${formatDate(period.period_start)} – ${formatDate(period.period_end)}` : t('Since {date}', { date: formatDate(period.period_start) });
  const rows = period.time_registrations ?? [];
  return (
    <section className="detail-card period-block" aria-label={title}>
      <h2>{title}</h2>
      <p>
        {t('Registered')}: <strong>{formatMinutes(period.registered_time)}</strong> · {t('Remaining')}: <strong>{formatMinutes(period.minutes_remaining)}</strong>
      </p>
      {rows.length === 0 ? (
        <p className="muted">{t('No time registered in this period.')}</p>
      ) : (
        <div className="table-wrap">
          <table className="list-table">
            <thead>
              <tr>
                <th scope="col">{t('Ticket')}</th>
                <th scope="col">{t('Time')}</th>
                <th scope="col">{t('Date')}</th>
                <th scope="col">{t('Activity')}</th>
                <th scope="col">{t('Description')}</th>
                <th scope="col">{t('Operator')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>
                    <RouteLink name="tickets.show" id={r.ticket_id}>
                      {r.ticket_reference} <Truncated text={r.ticket_description} length={TRUNCATE.text} />
                    </RouteLink>
                  </td>
                  <td>{formatMinutes(r.time_spent_rounded)}</td>
                  <td>{formatDate(r.executed_at)}</td>
                  <td>{r.activity?.name ?? r.activity?.label ?? ''}</td>
                  <td>{r.description}</td>
                  <td>{r.operator?.full_name ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Every period the contract has had, the current one first. */
function Periods({ record }: { record: Rec }) {
  const periods = [...((record.contractPeriods as Period[] | undefined) ?? [])].sort((a, b) => String(b.period_start).localeCompare(String(a.period_start)));
  return (
    <>
      {periods.map((p) => (
        <PeriodBlock key={String(p.id)} period={p} />
      ))}
    </>
  );
}

/** A contract: its values, every period with its time, and the edit form. */
export function ContractDetailPage() {
  return <ResourceDetailPage kind={contractKind} more={(record) => <Periods record={record} />} />;
}
