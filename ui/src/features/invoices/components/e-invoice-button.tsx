import { useTranslation } from '@/lib/i18n';
import { useDownloadUbl } from '../api/download-ubl';

/** "E-invoice (UBL)": downloads a finalised invoice as UBL XML, on the portal's list and the operator's invoice page. */
export function EInvoiceButton({ id, code }: { id: string | number; code: string }) {
  const { t } = useTranslation();
  const download = useDownloadUbl();
  return (
    <button type="button" disabled={download.isPending} onClick={() => download.mutate({ id, code })}>
      {t('invoice.ubl')} <span className="visually-hidden">{t('invoice.download_ubl', { code })}</span>
    </button>
  );
}
