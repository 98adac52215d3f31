// A finalised invoice as the accountant books it (its snapshot): issue and due date, the
// VAT breakdown, totals and amount due, and what credits it; with the operator's marks
// (paid, outstanding, expired) and the credit of the whole invoice.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatDate, formatEuro } from '@/lib/format';
import { useTranslation, type OperatorKey } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { routePath } from '@/lib/workspace-paths';
import { RouteLink } from '@/components/display/route-link';
import { useConfirm } from '@/components/form/confirm-dialog';
import { creditInvoice, markInvoice, useForgetSnapshot, useInvoiceSnapshot, type Mark } from '../../api/bookkeeping';

export const VAT_CATEGORIES: Record<string, OperatorKey> = {
  S: 'Standard rate',
  Z: 'Zero rated',
  E: 'Exempt from VAT',
  AE: 'VAT reverse charge',
  K: 'Intra-community supply',
  G: 'Export outside the EU',
  O: 'Not subject to VAT',
};

const MARKS: { status: Mark; label: OperatorKey; done: OperatorKey; code: number }[] = [
  { status: 'paid', label: 'Mark paid', done: 'Invoice marked paid', code: 4 },
  { status: 'outstanding', label: 'Mark outstanding', done: 'Invoice marked outstanding', code: 2 },
  { status: 'expired', label: 'Mark expired', done: 'Invoice marked expired', code: 9 },
];

type Props = { id: number | string; status: number | null | undefined; credits: string | null | undefined; reload: () => void };

/** The booking facts and the VAT breakdown of a finalised invoice. */
export function InvoiceBooking({ id }: { id: number | string }) {
  const { t } = useTranslation('operator');
  const snapshot = useInvoiceSnapshot(id);
  const s = snapshot.data;
  if (!s) return null;
  const euro = (v: string) => formatEuro(v);
  return (
    <section aria-label={t('Booking')} className="detail-card">
      <h2>{t('Booking')}</h2>
      <dl className="facts">
        <dt>{t('Issue date')}</dt>
        <dd>{formatDate(s.issue_date)}</dd>
        <dt>{t('Due date')}</dt>
        <dd>{formatDate(s.due_date)}</dd>
        <dt>{t('Payment terms')}</dt>
        <dd>{t('{days} days', { days: String(s.payment_terms.days) })}</dd>
        <dt>{t('Seller')}</dt>
        <dd>{s.seller.name}</dd>
        <dt>{t('Buyer')}</dt>
        <dd>{s.buyer.name ?? ''}</dd>
        {s.credited_invoice ? (
          <>
            <dt>{t('Credits invoice')}</dt>
            <dd>
              <RouteLink name="invoices.show" id={s.credited_invoice.invoice_id}>
                {s.credited_invoice.number}
              </RouteLink>
            </dd>
          </>
        ) : null}
        {s.credited_by ? (
          <>
            <dt>{t('Credited by')}</dt>
            <dd>
              <RouteLink name="invoices.show" id={s.credited_by.invoice_id}>
                {s.credited_by.number}
              </RouteLink>
            </dd>
          </>
        ) : null}
      </dl>
      <table>
        <caption>{t('VAT breakdown')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('VAT category')}</th>
            <th scope="col">{t('VAT rate')}</th>
            <th scope="col">{t('Taxable amount')}</th>
            <th scope="col">{t('VAT')}</th>
          </tr>
        </thead>
        <tbody>
          {s.vat_breakdown.map((g) => (
            <tr key={`${g.category}-${g.rate}`}>
              <td>
                {g.category} {VAT_CATEGORIES[g.category] ? t(VAT_CATEGORIES[g.category]) : ''}
                {g.exemption_reason ? <small className="muted"> ({g.exemption_reason})</small> : null}
              </td>
              <td>{g.rate} %</td>
              <td>{euro(g.taxable)}</td>
              <td>{euro(g.vat)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="facts">
        <dt>{t('Total excl. VAT')}</dt>
        <dd>{euro(s.totals.net)}</dd>
        <dt>{t('VAT')}</dt>
        <dd>{euro(s.totals.vat)}</dd>
        <dt>{t('Total incl. VAT')}</dt>
        <dd>{euro(s.totals.gross)}</dd>
        <dt>{t('Paid')}</dt>
        <dd>{euro(s.totals.paid)}</dd>
        <dt>{t('Amount due')}</dt>
        <dd>
          <strong>{euro(s.totals.amount_due)}</strong>
        </dd>
      </dl>
    </section>
  );
}

/** Mark a finalised invoice paid, outstanding or expired, or credit it in full. */
export function InvoiceMarks({ id, status, credits, reload }: Props) {
  const { t } = useTranslation('operator');
  const navigate = useNavigate();
  const forget = useForgetSnapshot();
  const snapshot = useInvoiceSnapshot(id, !credits);
  const [busy, setBusy] = useState(false);
  const [dialog, confirm] = useConfirm();
  if (credits) return null; // a credit invoice is neither marked nor credited
  const run = async (fn: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await fn();
      toast.success(done);
      void forget(id);
      reload();
    } catch {
      // The API client already showed the server's message.
    } finally {
      setBusy(false);
    }
  };
  const credited = Boolean(snapshot.data?.credited_by);
  return (
    <div className="actions" role="group" aria-label={t('Payment status')}>
      {dialog}
      {MARKS.filter((m) => m.code !== status).map((m) => (
        <button key={m.status} type="button" disabled={busy} onClick={() => void run(() => markInvoice(id, m.status), t(m.done))}>
          {t(m.label)}
        </button>
      ))}
      {!credited && (
        <button
          type="button"
          disabled={busy}
          onClick={async () => {
            try {
              await confirm(t('Credit this invoice in full?'));
            } catch {
              return;
            }
            setBusy(true);
            try {
              const made = (await creditInvoice(id)) as { id: string };
              toast.success(t('Credit invoice made'));
              void forget(id);
              navigate(routePath('invoices.show', made.id));
            } catch {
              // The API client already showed the server's message.
            } finally {
              setBusy(false);
            }
          }}
        >
          {t('Credit invoice')}
        </button>
      )}
    </div>
  );
}
