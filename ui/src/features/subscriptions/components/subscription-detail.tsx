import { useParams } from 'react-router-dom';
import { InfoCard, InfoCards } from '@/components/ui/info-card';
import { ScrollTable } from '@/components/ui/scroll-table';
import { Spinner } from '@/components/ui/spinner';
import { formatDate, formatEuro, formatQuantity } from '@/lib/format';
import { useLookupLabel, useTranslation } from '@/lib/i18n';
import { useSubscription } from '../api/get-subscription';

export function SubscriptionDetail() {
  const lookupLabel = useLookupLabel();
  const { id } = useParams();
  const { t, language } = useTranslation();
  const s = useSubscription(id).data;
  if (!s) return <Spinner label={t('common.loading')} />;
  return (
    <section className="detail">
      <h1>{s.description}</h1>
      <InfoCards>
        <InfoCard label={t('col.period')}>{lookupLabel(s.period_label ?? s.period)}</InfoCard>
        <InfoCard label={t('col.total')}>{formatEuro(s.total)}</InfoCard>
        <InfoCard label={t('subscription.start')}>{formatDate(s.billing_start_date)}</InfoCard>
        <InfoCard label={t('subscription.period_start')}>{formatDate(s.start_period)}</InfoCard>
        <InfoCard label={t('subscription.period_end')}>{formatDate(s.end_period)}</InfoCard>
        <InfoCard label={t('col.termination')}>{formatDate(s.termination_date)}</InfoCard>
      </InfoCards>
      <ScrollTable label={t('common.table')}>
        <table className="detail-table">
          <thead>
            <tr>
              <th scope="col">{t('col.description')}</th>
              <th scope="col">{t('col.quantity')}</th>
              <th scope="col">{t('col.price')}</th>
              <th scope="col">{t('col.total')}</th>
            </tr>
          </thead>
          <tbody>
            {(s.lines ?? []).map((l, i) => (
              <tr key={i}>
                <td>{l.description}</td>
                <td>{formatQuantity(l.quantity, language)}</td>
                <td>{formatEuro(l.price)}</td>
                <td>{formatEuro(l.total)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                {t('col.total')}
              </th>
              <td data-testid="subscription-total">{formatEuro(s.total)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={3}>
                {t('col.monthly')}
              </th>
              <td data-testid="subscription-mrr">{formatEuro(s.mrr)}</td>
            </tr>
          </tfoot>
        </table>
      </ScrollTable>
    </section>
  );
}
