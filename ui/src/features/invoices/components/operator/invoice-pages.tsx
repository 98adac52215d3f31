import { useState } from 'react';
import { formatDate, formatEuro } from '@/lib/format';
import { Money } from '@/components/display/money';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { deinvoiceLines, downloadInvoicesCsv, exportInvoice, restoreInvoice } from '../../api/invoicing';
import type { Invoice, InvoiceLine } from '@/types/operator';
import { useTranslation, type OperatorKey } from '@/lib/i18n';
import { ToneBadge, invoiceTone } from '@/components/ui/tone-badge';
import { ArchivedName } from '@/components/display/badges';
import { RecordFacts } from '@/components/display/record-facts';
import { RouteLink } from '@/components/display/route-link';
import { DetailScreen } from '@/components/records/detail-screen';
import { OperatorList, type OperatorColumn } from '@/components/records/operator-list';
import { LinesTable } from '@/components/display/lines-table';
import { addInvoiceLine, removeInvoiceLine } from '../../api/invoice-lines';
import { LineForm } from '@/components/form/line-form';
import { useConfirm } from '@/components/form/confirm-dialog';
import { EInvoiceButton } from '../e-invoice-button';
import { InvoiceBooking, InvoiceMarks } from './invoice-booking';

const SOURCE_ROUTES = { time_registration: 'time-registrations', used_product: 'used-products', quote: 'quotes' } as const;

export const INVOICE_STATUSES: Record<number, OperatorKey> = {
  1: 'Sent',
  2: 'Outstanding',
  3: 'Outstanding',
  4: 'Paid',
  8: 'Credit invoice',
  9: 'Expired',
};

/** An invoice as either list answers it: the operator's row or the portal's (SPEC §3.2 version 2). */
type InvoiceRow = Invoice & {
  code?: string | null;
  number?: string | null;
  is_draft?: boolean;
  company_name?: string | null;
  amount_incl?: number | null;
  /** The invoice a credit invoice cancels. */
  credits?: string | null;
  InvoiceCode?: string | null;
  AmountIncl?: number | null;
  Date?: string | null;
  Status?: number | null;
};

/** The number an operator knows the invoice by; a draft has none yet. */
export function invoiceNumber(i: InvoiceRow): string | null {
  return i.code ?? i.number ?? i.InvoiceCode ?? i.external_id ?? null;
}

const isDraft = (i: InvoiceRow) => (i.is_draft !== undefined ? i.is_draft : !i.external_id && !i.InvoiceCode);
const statusOf = (i: InvoiceRow) => Number(i.status ?? i.Status ?? 1);

/** Draft until exported (external_id set); an unknown status reads as status 1; a colour per status. */
export function InvoiceState({ invoice }: { invoice: InvoiceRow }) {
  const { t } = useTranslation('operator');
  if (isDraft(invoice)) return <ToneBadge text={t('Draft')} tone="neutral" />;
  const status = INVOICE_STATUSES[statusOf(invoice)] ? statusOf(invoice) : 1;
  return <ToneBadge text={t(INVOICE_STATUSES[status])} tone={invoiceTone(status)} />;
}

function InvoiceName({ invoice }: { invoice: InvoiceRow }) {
  const { t } = useTranslation('operator');
  return <>{invoiceNumber(invoice) ?? t('Draft invoice')}</>;
}

const columns: OperatorColumn<InvoiceRow>[] = [
  {
    id: 'id',
    label: 'Invoice',
    cell: (i) => (
      <RouteLink name="invoices.show" id={i.id}>
        <InvoiceName invoice={i} />
      </RouteLink>
    ),
  },
  { id: 'state', label: 'Status', cell: (i) => <InvoiceState invoice={i} /> },
  {
    id: 'company',
    label: 'Company',
    cell: (i) => (i.company ? <ArchivedName record={i.company} /> : (i.company_name ?? null)),
  },
  { id: 'date', label: 'Date', cell: (i) => formatDate(i.date ?? i.Date) },
  { id: 'total', label: 'Total', cell: (i) => <Money value={i.total ?? i.amount_incl ?? i.AmountIncl} /> },
];

export function InvoicesPage() {
  const { t } = useTranslation('operator');
  return (
    <OperatorList<InvoiceRow>
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

function InvoiceActions({ invoice, reload }: { invoice: InvoiceRow; reload: () => void }) {
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
  // a credit invoice cancels its invoice in full: it never goes back to draft
  if (!isDraft(invoice) && invoice.credits) return null;
  return !isDraft(invoice) ? (
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
    <DetailScreen<InvoiceRow> route="invoices" modelName="Invoice" label={(i) => invoiceNumber(i) ?? t('Draft invoice')} withRelations={['lines', 'company']}>
      {({ record, reload }) => (
        <>
          <section aria-label={t('Details')} className="detail-card">
            <p>
              <InvoiceState invoice={record} />
            </p>
            <RecordFacts
              record={record}
              facts={[
                { label: 'Company', field: 'company', as: 'relation', route: 'companies.show' },
                { label: 'Date', field: 'date', as: 'date' },
                { label: 'Reference', field: 'reference_number', as: 'text' },
                { label: 'Total excl. VAT', field: 'amount_excl', as: 'money' },
                { label: 'Total incl. VAT', field: 'total', as: 'money' },
              ]}
            />
          </section>
          <LinesTable
            lines={record.lines ?? []}
            actions={isDraft(record) ? (line) => <RemoveLine invoice={record} line={line as InvoiceLine} reload={reload} /> : undefined}
          />
          <p>
            <strong>{t('Total: {amount}', { amount: formatEuro(record.total) })}</strong>
          </p>
          {isDraft(record) && (
            <LineForm
              onAdd={async (line) => {
                await addInvoiceLine(record.id, line);
                toast.success(t('Line added to draft invoice.'));
                reload();
              }}
            />
          )}
          <InvoiceActions invoice={record} reload={reload} />
          {!isDraft(record) && <InvoiceMarks id={record.id} status={statusOf(record)} credits={record.credits} reload={reload} />}
          {!isDraft(record) && <InvoiceBooking id={record.id} />}
          {!isDraft(record) && <EInvoiceButton id={record.id} code={invoiceNumber(record) ?? String(record.id)} />}
        </>
      )}
    </DetailScreen>
  );
}
