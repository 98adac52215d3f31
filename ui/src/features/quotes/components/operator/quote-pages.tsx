import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useSession } from '@/lib/session';
import { formatEuro } from '@/lib/format';
import { Money } from '@/components/display/money';
import { toast } from '@/lib/toast';
import { sendQuote } from '../../api/send-quote';
import { duplicateQuote } from '../../api/duplicate-quote';
import { routePath } from '@/lib/workspace-paths';
import { addQuoteLine, removeQuoteLine } from '../../api/quote-lines';
import { LineForm } from '@/components/form/line-form';
import { LinesTable } from '@/components/display/lines-table';
import type { Quote } from '@/types/operator';
import { ArchivedName, Badge, ClientName, Truncated } from '@/components/display/badges';
import { RouteLink } from '@/components/display/route-link';
import { DetailScreen } from '@/components/records/detail-screen';
import { RecordFacts } from '@/components/display/record-facts';
import { RecordEditor, type Rec } from '@/components/records/record-form';
import { quoteKind } from '../../kind';
import { OperatorList, type OperatorColumn } from '@/components/records/operator-list';
import { TRUNCATE } from '@/lib/truncate';
import { useTranslation, type OperatorKey } from '@/lib/i18n';

export const QUOTE_STATUSES: Record<number, { label: OperatorKey; style: string }> = {
  1: { label: 'Concept', style: 'secondary' },
  2: { label: 'Sent', style: 'info' },
  3: { label: 'Accepted', style: 'ok' },
  4: { label: 'Rejected', style: 'danger' },
};

export function QuoteStatus({ id }: { id: number }) {
  const { t } = useTranslation('operator');
  const s = QUOTE_STATUSES[id] ?? QUOTE_STATUSES[1];
  return <Badge label={t(s.label)} styleName={s.style} />;
}

const columns: OperatorColumn<Quote>[] = [
  {
    id: 'name',
    label: 'Name',
    cell: (q) => (
      <RouteLink name="quotes.show" id={q.id}>
        <Truncated text={q.name} length={TRUNCATE.text} />
      </RouteLink>
    ),
  },
  { id: 'status', label: 'Status', cell: (q) => <QuoteStatus id={q.status_id} /> },
  { id: 'company', label: 'Company', cell: (q) => (q.company ? <ArchivedName record={q.company} /> : null) },
  { id: 'client', label: 'Client', cell: (q) => <ClientName name={q.client?.full_name} /> },
  { id: 'total', label: 'Total', cell: (q) => <Money value={q.total} /> },
];

export function QuotesPage() {
  const { t } = useTranslation('operator');
  const { can } = useSession();
  return (
    <>
      {can('quotes.store') && (
        <Link className="button primary new-record" to={routePath('quotes.create')}>
          {t('New quote')}
        </Link>
      )}
      <OperatorList<Quote> route="quotes" title={t('Quotes')} columns={columns} order={['name', 'asc']} />
    </>
  );
}

function SendButton({ quote, reload }: { quote: Quote; reload: () => void }) {
  const { t } = useTranslation('operator');
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="primary"
      disabled={busy || quote.status_id !== 1}
      onClick={async () => {
        setBusy(true);
        try {
          await sendQuote(quote.id);
          toast.success(t('Quote sent'));
          reload();
        } finally {
          setBusy(false);
        }
      }}
    >
      {t('Send quote')}
    </button>
  );
}

/** Any quote can be copied into a new concept quote, which then opens. */
function DuplicateButton({ quote }: { quote: Quote }) {
  const { t } = useTranslation('operator');
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const copy = await duplicateQuote(quote.id);
          toast.success(t('Quote duplicated'));
          navigate(routePath('quotes.show', copy.id));
        } catch {
          // The API client already showed the server's message.
        } finally {
          setBusy(false);
        }
      }}
    >
      {t('Duplicate')}
    </button>
  );
}

export function QuoteDetailPage() {
  const { t } = useTranslation('operator');
  const { can } = useSession();
  return (
    <DetailScreen<Quote> route="quotes" modelName="Quote" label={(q) => q.label ?? q.name} withRelations={['lines', 'company', 'client']}>
      {({ record, reload }) => (
        <>
          <section aria-label={t('Details')} className="detail-card">
            <p>
              <QuoteStatus id={record.status_id} />
            </p>
            <RecordFacts facts={quoteKind.facts ?? []} record={record} />
          </section>
          {record.status_id === 1 && can('quotes.update') && (
            <RecordEditor kind={quoteKind} record={record as unknown as Rec} onSaved={reload} onConflict={reload} />
          )}
          <LinesTable
            lines={record.lines ?? []}
            actions={
              record.status_id === 1
                ? (line) =>
                    line.id === undefined ? null : (
                      <button
                        type="button"
                        aria-label={t('Remove {name}', { name: line.description })}
                        onClick={async () => {
                          await removeQuoteLine(record.id, line.id!);
                          toast.success(t('Line removed'));
                          reload();
                        }}
                      >
                        {t('Remove')}
                      </button>
                    )
                : undefined
            }
          />
          <p>
            <strong>{t('Total: {amount}', { amount: formatEuro(record.total) })}</strong>
          </p>
          {record.status_id === 1 && (
            <LineForm
              onAdd={async (line) => {
                await addQuoteLine(record.id, line);
                toast.success(t('Line added'));
                reload();
              }}
            />
          )}
          <SendButton quote={record} reload={reload} /> <DuplicateButton quote={record} />
        </>
      )}
    </DetailScreen>
  );
}
