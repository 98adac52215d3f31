import { useState } from 'react';
import { formatDate, formatEuro } from '@/lib/format';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { deinvoiceLines, downloadInvoicesCsv, exportInvoice, restoreInvoice } from '../../api/invoicing';
import type { Invoice, InvoiceLine } from '../../types';
import { useTranslation, type OperatorKey } from '@/lib/i18n';
import { ArchivedName, Badge } from '../display/badges';
import { RouteLink } from '../display/route-link';
import { DetailScreen } from '../detail-screen';
import { OperatorList, type OperatorColumn } from '../operator-list';
import { LinesTable } from './quote-pages';
import { addInvoiceLine, removeInvoiceLine } from '../../api/invoice-lines';
import { LineForm } from '../widgets/line-form';
import { useConfirm } from '../widgets/confirm-dialog';

const SOURCE_ROUTES = { time_registration: 'time-registrations', used_product: 'used-products', quote: 'quotes' } as const;

export const INVOICE_STATUSES: Record<number, OperatorKey> = {
  1: 'Sent',
  2: 'Outstanding',
  3: 'Outstanding',
  4: 'Paid',
  8: 'Credit invoice',
  9: 'Expired',
};

/** Draft until exported (external_id set); an unknown status reads as status 1. */
export function InvoiceState({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation('operator');
  if (!invoice.external_id) return <Badge label={t('Draft')} styleName="secondary" />;
  return <Badge label={t(INVOICE_STATUSES[invoice.status] ?? INVOICE_STATUSES[1])} styleName="info" />;
}

const columns: OperatorColumn<Invoice>[] = [
  { id: 'id', label: 'Invoice', cell: (i) => <RouteLink name="invoices.show" id={i.id}>{i.external_id ?? `#${i.id}`}</RouteLink> },
  { id: 'state', label: 'Status', cell: (i) => <InvoiceState invoice={i} /> },
  { id: 'company', label: 'Company', cell: (i) => (i.company ? <ArchivedName record={i.company} /> : null) },
  { id: 'date', label: 'Date', cell: (i) => formatDate(i.date) },
  { id: 'total', label: 'Total', cell: (i) => formatEuro(i.total) },
];

export function InvoicesPage() {
  const { t } = useTranslation('operator');
  return (
    <OperatorList<Invoice>
      route="invoices"
      title={t('Invoices')}
      columns={columns}
      order={['date', 'desc']}
      selectable
      actions={(selected) => (
        <button type="button" disabled={selected.length === 0} onClick={() => void downloadInvoicesCsv(selected)}>
          {t('Download CSV')}
        </button>
      )}
    />
  );
}

function InvoiceActions({ invoice, reload }: { invoice: Invoice; reload: () => void }) {
  const { t } = useTranslation('operator');
  const { user } = useSession();
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await fn();
      toast.success(done);
      reload();
    } catch {
      // The API client already showed the server's message.
    } finally {
      setBusy(false);
    }
  };
  return invoice.external_id ? (
    <button type="button" disabled={busy} onClick={() => void run(() => restoreInvoice(invoice.id), t('Invoice restored to draft'))}>
      {t('Restore to draft')}
    </button>
  ) : (
    <button
      type="button"
      className="primary"
      disabled={busy}
      onClick={() => void run(() => exportInvoice(invoice.id, Boolean(user?.modules.mod_invoice_export_pdf)), t('Invoice exported'))}
    >
      {t('Export')}
    </button>
  );
}

/** A draft line off the invoice: a sourced one through its source's deinvoice, a typed one itself. */
function RemoveLine({ invoice, line, reload }: { invoice: Invoice; line: InvoiceLine; reload: () => void }) {
  const { t } = useTranslation('operator');
  const [dialog, confirm] = useConfirm();
  return (
    <>
      {dialog}
      <button
        type="button"
        aria-label={t('Remove {name}', { name: line.description })}
        onClick={async () => {
          try {
            await confirm();
            const source = line.source;
            if (source) await deinvoiceLines(SOURCE_ROUTES[source.type], [source.id]);
            else if (line.id !== undefined) await removeInvoiceLine(invoice.id, line.id);
            toast.success(t('Line removed from draft invoice.'));
            reload();
          } catch {
            // Not confirmed, or the API client already showed the server's message.
          }
        }}
      >
        {t('Remove')}
      </button>
    </>
  );
}

export function InvoiceDetailPage() {
  const { t } = useTranslation('operator');
  return (
    <DetailScreen<Invoice> route="invoices" modelName="Invoice" label={(i) => i.external_id ?? `#${i.id}`} withRelations={['lines', 'company']}>
      {({ record, reload }) => (
        <>
          <p>
            <InvoiceState invoice={record} />
          </p>
          <LinesTable
            lines={record.lines ?? []}
            actions={record.external_id ? undefined : (line) => <RemoveLine invoice={record} line={line as InvoiceLine} reload={reload} />}
          />
          <p>
            <strong>{t('Total: {amount}', { amount: formatEuro(record.total) })}</strong>
          </p>
          {!record.external_id && (
            <LineForm
              onAdd={async (line) => {
                await addInvoiceLine(record.id, line);
                toast.success(t('Line added to draft invoice.'));
                reload();
              }}
            />
          )}
          <InvoiceActions invoice={record} reload={reload} />
        </>
      )}
    </DetailScreen>
  );
}
