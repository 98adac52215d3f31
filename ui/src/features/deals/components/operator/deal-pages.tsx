import type { Id } from '@/types/operator';
import { ClientName } from '@/components/display/badges';
import { OperatorList, type OperatorColumn } from '@/components/records/operator-list';
import { companyCell, describedCell, type Engagement } from '@/components/records/engagement-columns';
import { NewRecordLink } from '@/components/records/record-form';
import { useTranslation } from '@/lib/i18n';
import { dealKind } from '../../kind';

export type Deal = Engagement & { client?: { id: Id; full_name: string } | null };

export function DealsPage() {
  const { t } = useTranslation('operator');
  const columns: OperatorColumn<Deal>[] = [
    describedCell('deals.show'),
    companyCell,
    { id: 'client', label: 'Client', cell: (d) => <ClientName name={d.client?.full_name} /> },
  ];
  return (
    <>
      <NewRecordLink kind={dealKind} />
      <OperatorList<Deal> route="deals" title={t('Deals')} columns={columns} order={['description', 'asc']} />
    </>
  );
}
