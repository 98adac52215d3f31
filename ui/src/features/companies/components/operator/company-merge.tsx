import { useEffect, useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/lib/toast';
import { previewCompanyMerge, type MergePreview, type MovedRecords } from '../../api/company-merge';
import { mergeRecords } from '@/components/records/api/merge-records';
import { useTranslation, type OperatorKey } from '@/lib/i18n';

const RECORD_TEXTS: [keyof MovedRecords, OperatorKey][] = [
  ['clients', 'Clients: {n}'],
  ['tickets', 'Tickets: {n}'],
  ['quotes', 'Quotes: {n}'],
  ['contracts', 'Contracts: {n}'],
  ['subscriptions', 'Subscriptions: {n}'],
  ['assets', 'Assets: {n}'],
  ['invoices', 'Invoices: {n}'],
  ['deals', 'Deals: {n}'],
  ['projects', 'Projects: {n}'],
  ['used_products', 'Used products: {n}'],
  ['locations', 'Locations: {n}'],
  ['ticket_groups', 'Ticket groups: {n}'],
];

type Props = { ids: (number | string)[]; onClose: () => void; onMerged: () => void };

/**
 * Confirms a company merge: names the surviving company (the first ticked) and,
 * for each company merged into it, the records that move there.
 */
export function CompanyMergeDialog({ ids, onClose, onMerged }: Props) {
  const { t } = useTranslation('operator');
  const [preview, setPreview] = useState<MergePreview | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    previewCompanyMerge(ids).then(
      (found) => live && setPreview(found),
      () => live && onClose(),
    );
    return () => {
      live = false;
    };
    // the ticked ids are fixed while the dialog is open: one preview
  }, []);
  const merge = async () => {
    setBusy(true);
    try {
      await mergeRecords('companies', ids);
    } catch {
      setBusy(false);
      return;
    }
    toast.success(t('Companies merged'));
    onMerged();
  };
  const survivor = preview?.survivor.name ?? '';
  return (
    <Modal
      title={t('Merge companies')}
      closeLabel={t('Close')}
      onClose={onClose}
      footer={
        <>
          <button type="button" onClick={onClose}>
            {t('Cancel')}
          </button>
          <button type="button" className="primary" disabled={!preview || busy} onClick={merge}>
            {preview ? t('Merge into {name}', { name: survivor }) : t('Merge')}
          </button>
        </>
      }
    >
      {preview ? (
        <>
          <p>
            <strong>{t('Surviving company: {name}', { name: survivor })}</strong>
          </p>
          <p>{t('Merged into {name} and archived:', { name: survivor })}</p>
          <ul aria-label={t('Merged into {name} and archived:', { name: survivor })}>
            {preview.merged.map((company) => {
              const moving = RECORD_TEXTS.filter(([kind]) => company.records[kind] > 0);
              return (
                <li key={company.id}>
                  <span>{company.name}</span>
                  <ul>
                    {moving.length === 0 ? (
                      <li>{t('Nothing to move')}</li>
                    ) : (
                      moving.map(([kind, text]) => <li key={kind}>{t(text, { n: company.records[kind] })}</li>)
                    )}
                  </ul>
                </li>
              );
            })}
          </ul>
        </>
      ) : (
        <p>{t('Loading…')}</p>
      )}
    </Modal>
  );
}
