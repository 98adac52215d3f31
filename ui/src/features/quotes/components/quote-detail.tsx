import { useRef } from 'react';
import { useParams } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { InfoCard, InfoCards } from '@/components/ui/info-card';
import { CustomValues } from '@/components/ui/custom-values';
import { useSession } from '@/lib/session';
import { ScrollTable } from '@/components/ui/scroll-table';
import { Spinner } from '@/components/ui/spinner';
import { formatEuro, formatQuantity } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { useQuote } from '../api/get-quote';
import { useAcceptQuote } from '../api/accept-quote';
import { useDownloadQuote } from '../api/download-quote';
import { QUOTE_STATUS, type QuoteDetail as Quote } from '../api/types';
import { SignaturePad, type SignaturePadHandle } from './signature-pad';

function AcceptForm({ quote }: { quote: Quote }) {
  const { t } = useTranslation();
  const pad = useRef<SignaturePadHandle>(null);
  const accept = useAcceptQuote(quote.id);
  const { register, handleSubmit } = useForm({
    defaultValues: { name: quote.deal?.client?.full_name ?? quote.client?.full_name ?? '', note: '' },
  });
  const onSubmit = handleSubmit((values) => {
    if (!pad.current || pad.current.isEmpty()) {
      window.alert(t('quote.no_signature'));
      return;
    }
    accept.mutate(
      { ...values, signature: pad.current.toDataURL() },
      { onSuccess: () => toast.success(t('quote.accepted')) },
    );
  });
  return (
    <form className="accept-form" onSubmit={onSubmit}>
      <label className="field">
        <span>{t('quote.name')}</span>
        <input type="text" {...register('name')} />
      </label>
      <label className="field">
        <span>{t('quote.note')}</span>
        <textarea rows={3} {...register('note')} />
      </label>
      <div className="field">
        <span id="signature-label">{t('quote.signature')}</span>
        <SignaturePad ref={pad} label={t('quote.signature')} />
      </div>
      <div className="form-actions">
        <button type="button" onClick={() => pad.current?.clear()}>
          {t('quote.again')}
        </button>
        <button type="submit" className="primary" disabled={accept.isPending}>
          {t('quote.accept')}
        </button>
      </div>
    </form>
  );
}

export function QuoteDetail() {
  const { id } = useParams();
  const { t, language } = useTranslation();
  const { lookups } = useSession();
  const query = useQuote(id);
  const quote = query.data;
  const download = useDownloadQuote(quote?.id ?? 0, `${quote?.label || quote?.name || 'quote'}.pdf`);
  if (!quote) return <Spinner label={t('common.loading')} />;
  return (
    <section className="detail">
      <h1>{quote.label || quote.name}</h1>
      <InfoCards>
        <InfoCard label={t('col.company')}>{quote.deal?.company?.name ?? quote.company?.name ?? ''}</InfoCard>
        <InfoCard label={t('col.client')}>{quote.deal?.client?.full_name ?? quote.client?.full_name ?? ''}</InfoCard>
        <InfoCard label={t('col.total')}>{formatEuro(quote.total)}</InfoCard>
        <CustomValues
          values={quote.custom_fields ?? []}
          defs={(lookups?.custom_fields ?? []).filter((f) => f.morphable_type === 'Quote')}
        />
      </InfoCards>
      <button type="button" onClick={() => download.mutate()} disabled={download.isPending}>
        {t('quote.download')}
      </button>
      {(quote.lines ?? []).length > 0 && (
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
              {quote.lines.map((l, i) => (
                <tr key={i}>
                  <td>{l.description}</td>
                  <td>{formatQuantity(l.quantity, language)}</td>
                  <td>{formatEuro(l.price)}</td>
                  <td>{formatEuro(l.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
      {quote.status_id === QUOTE_STATUS.sent && <AcceptForm quote={quote} />}
      {quote.status_id === QUOTE_STATUS.accepted && <p className="notice success">{t('quote.is_accepted')}</p>}
      {quote.status_id === QUOTE_STATUS.rejected && <p className="notice">{t('quote.is_rejected')}</p>}
    </section>
  );
}
