import { useParams } from 'react-router-dom';
import { InfoCard, InfoCards } from '@/components/ui/info-card';
import { ScrollTable } from '@/components/ui/scroll-table';
import { MessageThread } from '@/components/ui/message-thread';
import { Spinner } from '@/components/ui/spinner';
import { ExpiryDate } from '@/components/ui/tone-badge';
import { useTranslation } from '@/lib/i18n';
import { useAsset } from '../api/get-asset';

export function AssetDetail() {
  const { id } = useParams();
  const { t } = useTranslation();
  const asset = useAsset(id).data;
  if (!asset) return <Spinner label={t('common.loading')} />;
  return (
    <section className="detail">
      <h1>{asset.name}</h1>
      <InfoCards>
        <InfoCard label={t('col.client')}>{asset.client?.full_name ?? ''}</InfoCard>
        <InfoCard label={t('col.company')}>{asset.company?.name ?? ''}</InfoCard>
        <InfoCard label={t('col.warranty')}>
          <ExpiryDate value={asset.warranty_until} long />
        </InfoCard>
      </InfoCards>
      <ScrollTable label={t('common.table')}>
        <table className="detail-table">
          <thead>
            <tr>
              <th scope="col">{t('col.name')}</th>
              <th scope="col">{t('col.description')}</th>
              <th scope="col">{t('col.serial')}</th>
              <th scope="col">{t('col.tracking')}</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>{asset.name}</td>
              <td>{asset.description}</td>
              <td>{asset.serial_number}</td>
              <td>{asset.tracking_number}</td>
            </tr>
          </tbody>
        </table>
      </ScrollTable>
      <h2>{t('common.messages')}</h2>
      <MessageThread messages={asset.messages ?? []} emptyText={t('common.no_messages')} title={t('common.messages')} />
    </section>
  );
}
