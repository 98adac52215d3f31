import { useMemo } from 'react';
import { ListScreen } from '@/components/list/list-screen';
import type { ListConfig } from '@/components/list/types';
import { dateCell, euroCell } from '@/lib/columns';
import { invoiceTone, ToneBadge } from '@/components/ui/tone-badge';
import { useTranslation, type MessageKey } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { useDownloadInvoice } from '../api/download-invoice';
import { EInvoiceButton } from './e-invoice-button';
import { INVOICES_VERSION } from '../api/get-invoices';
import type { Invoice } from '../api/types';

const STATUSES = [1, 2, 3, 4, 8, 9];
// Unknown statuses fall back to status 1.
const statusKey = (s: number) => `invoice.status.${STATUSES.includes(s) ? s : 1}` as MessageKey;

export function InvoicesList() {
  const { t, language } = useTranslation();
  const { can } = useSession();
  const downloadInvoice = useDownloadInvoice().mutate;
  const canDownload = can('invoices.show');
  const config = useMemo<ListConfig<Invoice>>(
    () => ({
      route: 'invoices',
      version: INVOICES_VERSION,
      model: 'model.invoices',
      title: 'nav.invoices',
      defaultOrder: { field: 'date', direction: 'desc' },
      rowKey: (i) => i.id,
      cardTitle: (i) => i.InvoiceCode,
      columns: [
        { id: 'code', label: 'col.code', cell: (i) => i.InvoiceCode, sort: { field: 'InvoiceCode' }, filter: { type: 'string', field: 'InvoiceCode' } },
        { id: 'reference', label: 'col.reference', cell: (i) => i.ReferenceNumber, sort: { field: 'ReferenceNumber' }, filter: { type: 'string', field: 'ReferenceNumber' } },
        { id: 'amount', label: 'col.amount', cell: (i) => euroCell(i.AmountIncl), sort: { field: 'AmountIncl' }, filter: { type: 'lte', field: 'AmountIncl' } },
        { id: 'date', label: 'col.date', cell: (i) => dateCell(i.Date, language), sort: { field: 'date' }, filter: { type: 'date_between', field: 'date' } },
        {
          id: 'status',
          label: 'col.status',
          cell: (i) => <ToneBadge text={t(statusKey(i.Status))} tone={invoiceTone(STATUSES.includes(i.Status) ? i.Status : 1)} />,
          sort: { field: 'Status' },
          filter: { type: 'select', field: 'Status', options: STATUSES.map((s) => ({ value: String(s), label: t(statusKey(s)) })) },
        },
        {
          id: 'download',
          label: 'col.download',
          cell: (i) =>
            canDownload ? (
              <>
                <button type="button" onClick={() => downloadInvoice(i)}>
                  PDF <span className="visually-hidden">{t('invoice.download', { code: i.InvoiceCode })}</span>
                </button>
                <EInvoiceButton id={i.id} code={i.InvoiceCode} />
              </>
            ) : null,
        },
      ],
    }),
    [t, language, canDownload, downloadInvoice],
  );
  return <ListScreen config={config} />;
}
