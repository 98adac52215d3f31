import { formatDate, formatMinutes } from '@/lib/format';
import type { Contract } from '../../types';
import { ArchivedName, Truncated } from '../display/badges';
import { ExpiryBadge } from '../display/due-date';
import { RouteLink } from '../display/route-link';
import { DetailScreen } from '../detail-screen';
import { OperatorList, type OperatorColumn } from '../operator-list';
import { TRUNCATE } from '../../utils/truncate';
import { useTranslation } from '@/lib/i18n';

/** A contract's period; none means a prepaid card (SPEC §3.2). */
function PeriodName({ period }: { period?: string | null }) {
  const { t } = useTranslation('operator');
  return <>{period ?? t('Prepaid card')}</>;
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
  return <OperatorList<Contract> route="contracts" title={t('Contracts')} columns={columns} order={['name', 'asc']} />;
}

export function ContractDetailPage() {
  return (
    <DetailScreen<Contract> route="contracts" modelName="Contract" label={(c) => c.name} withRelations={['companies', 'contractPeriods']}>
      {({ record }) => (
        <dl className="detail-list">
          <dt>Period</dt>
          <dd>
            <PeriodName period={record.period} />
          </dd>
          <dt>Remaining</dt>
          <dd>{formatMinutes(record.minutes_remaining)}</dd>
          <dt>Start date</dt>
          <dd>{formatDate(record.start_date)}</dd>
          <dt>End date</dt>
          <dd>
            <ExpiryBadge value={record.end_date} />
          </dd>
          <dt>Companies</dt>
          <dd>
            {(record.companies ?? (record.company ? [record.company] : [])).map((c) => (
              <RouteLink key={c.id} name="companies.show" id={c.id}>
                <ArchivedName record={c} />
              </RouteLink>
            ))}
          </dd>
        </dl>
      )}
    </DetailScreen>
  );
}
