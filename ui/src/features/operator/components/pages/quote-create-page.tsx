import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { draftQuote } from '../../api/draft-quote';
import { useTranslation } from '@/lib/i18n';
import { routePath } from '../../utils/routes';
import { SearchSelect, type SearchOption } from '../filters/search-select';

/** An operator drafts a concept quote for a company and client, then adds its lines. */
export function QuoteCreatePage() {
  const { t } = useTranslation('operator');
  const id = useId();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [company, setCompany] = useState<SearchOption | null>(null);
  const [client, setClient] = useState<SearchOption | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <section className="quote-create">
      <h1>{t('New quote')}</h1>
      <form
        aria-label={t('New quote')}
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          if (!name.trim()) {
            setError(t('{field} is required', { field: t('Name') }));
            return;
          }
          setError(null);
          setBusy(true);
          try {
            const quote = await draftQuote({ name: name.trim(), company_id: company?.id ?? null, client_id: client?.id ?? null });
            toast.success(t('Quote created'));
            navigate(routePath('quotes.show', quote.id));
          } catch {
            // The API client already showed the server's message; the form keeps its values.
          } finally {
            setBusy(false);
          }
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-name`}>
            {t('Name')} <span className="required">*</span>
          </label>
          <input id={`${id}-name`} value={name} maxLength={200} aria-invalid={error ? true : undefined} onChange={(e) => setName(e.target.value)} />
          {error && (
            <p role="alert" className="field-error">
              {error}
            </p>
          )}
        </div>
        <SearchSelect
          label={t('Company')}
          lookup="companies"
          value={company}
          onChange={(c) => {
            setCompany(c);
            setClient(null);
          }}
          constraints={{ liveOnly: true }}
        />
        <SearchSelect label={t('Client')} lookup="clients" value={client} onChange={setClient} constraints={{ companyId: company?.id ?? null }} />
        <button type="submit" className="primary" disabled={busy}>
          {t('Create quote')}
        </button>
      </form>
    </section>
  );
}
