import { Link, useParams } from 'react-router-dom';
import { InfoCard, InfoCards } from '@/components/ui/info-card';
import { ScrollTable } from '@/components/ui/scroll-table';
import { Spinner } from '@/components/ui/spinner';
import { formatDate, formatMinutes, formatQuantity, truncate } from '@/lib/format';
import { useTranslation, type MessageKey, type Translate } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { useContract } from '../api/get-contract';
import type { ContractPeriod } from '../api/types';
import { BuyPrepaidCard } from './buy-prepaid-card';

function PeriodBlock({ period }: { period: ContractPeriod }) {
  const { t } = useTranslation();
  // A prepaid card's period runs on until the hours are used: it has no end date.
  const title = period.period_end
    ? `${formatDate(period.period_start)} – ${formatDate(period.period_end)}`
    : `${t('contract.since')} ${formatDate(period.period_start)}`;
  return (
    <section className="period-block" aria-label={title}>
      <h2>{title}</h2>
      <p>
        {t('contract.registered')}: <strong>{formatMinutes(period.registered_time)}</strong> · {t('contract.remaining')}:{' '}
        <strong>{formatMinutes(period.minutes_remaining)}</strong>
      </p>
      {period.time_registrations.length === 0 ? (
        <p className="muted">{t('contract.no_registrations')}</p>
      ) : (
        <ScrollTable label={t('common.table')}>
          <table className="detail-table">
            <thead>
              <tr>
                <th scope="col">{t('col.ticket')}</th>
                <th scope="col">{t('col.time')}</th>
                <th scope="col">{t('col.date')}</th>
                <th scope="col">{t('col.activity')}</th>
                <th scope="col">{t('col.description')}</th>
                <th scope="col">{t('col.operator')}</th>
              </tr>
            </thead>
            <tbody>
              {period.time_registrations.map((r) => (
                <tr key={r.id}>
                  <td>
                    <Link to={`/tickets/${r.ticket_id}`}>
                      {r.ticket_reference} {truncate(r.ticket_description, 35)}
                    </Link>
                  </td>
                  <td>{formatMinutes(r.time_spent_rounded)}</td>
                  <td>{formatDate(r.executed_at)}</td>
                  <td>{r.activity?.name ?? ''}</td>
                  <td>{String(r.description ?? '')}</td>
                  <td>{r.operator?.full_name ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
    </section>
  );
}

const PERIODS: Record<string, MessageKey> = { month: 'period.month', quarter: 'period.quarter', year: 'period.year' };

/** A contract's period in words; none means a prepaid card (SPEC §3.2). */
export function periodName(t: Translate, period: string | null | undefined): string {
  if (!period) return t('contract.prepaid');
  return PERIODS[period] ? t(PERIODS[period]) : period;
}

/** Every period the contract has had, the current one first. */
export function newestFirst(periods: ContractPeriod[]): ContractPeriod[] {
  return [...periods].sort((a, b) => String(b.period_start).localeCompare(String(a.period_start)));
}

export function ContractDetail() {
  const { id } = useParams();
  const { t, language } = useTranslation();
  const { can } = useSession();
  const contract = useContract(id).data;
  if (!contract) return <Spinner label={t('common.loading')} />;
  const prepaid = contract.period === null;
  return (
    <section className="detail">
      <h1>{contract.name}</h1>
      <InfoCards>
        <InfoCard label={t('col.period')}>{periodName(t, contract.period)}</InfoCard>
        <InfoCard label={t('contract.hours')}>{formatQuantity(contract.quantity, language)}</InfoCard>
        <InfoCard label={t('contract.remaining_hours')}>
          <span data-testid="remaining-hours">{formatMinutes(contract.minutes_remaining)}</span>
        </InfoCard>
        <InfoCard label={t('col.start_date')}>{formatDate(contract.start_date)}</InfoCard>
        <InfoCard label={t('col.end_date')}>{formatDate(contract.end_date)}</InfoCard>
      </InfoCards>
      {prepaid && can('tenant.contracts.buy') && <BuyPrepaidCard contractId={contract.id} />}
      {newestFirst(contract.contractPeriods ?? []).map((p) => (
        <PeriodBlock key={p.id} period={p} />
      ))}
    </section>
  );
}
