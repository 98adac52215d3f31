import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { openTicket } from '../../api/open-ticket';
import { routePath } from '../../utils/routes';
import { SearchSelect, type SearchOption } from '../filters/search-select';
import { useOperatorLookups } from './lookups';
import { useTranslation } from '@/lib/i18n';

/** An operator opens a ticket: description, company and client, status and priority. */
export function TicketCreatePage() {
  const { t } = useTranslation('operator');
  const id = useId();
  const navigate = useNavigate();
  const { statuses, priorities } = useOperatorLookups();
  const [description, setDescription] = useState('');
  const [company, setCompany] = useState<SearchOption | null>(null);
  const [client, setClient] = useState<SearchOption | null>(null);
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState('');
  const [priority, setPriority] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <section className="ticket-create">
      <h1>{t('New ticket')}</h1>
      <form
        aria-label={t('New ticket')}
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          if (!description.trim()) {
            setError(t('{field} is required', { field: t('Description') }));
            return;
          }
          setError(null);
          setBusy(true);
          try {
            const ticket = await openTicket({
              description: description.trim(),
              company_id: company?.id ?? null,
              client_id: client?.id ?? null,
              original_email_from: email.trim() || null,
              status_id: status ? Number(status) : null,
              priority_id: priority ? Number(priority) : null,
            });
            toast.success(t('Ticket created'));
            navigate(routePath('tickets.show', ticket.id));
          } catch {
            // The API client already showed the server's message; the form keeps its values.
          } finally {
            setBusy(false);
          }
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-description`}>
            {t('Description')} <span className="required">*</span>
          </label>
          <input id={`${id}-description`} value={description} maxLength={250} aria-invalid={error ? true : undefined} onChange={(e) => setDescription(e.target.value)} />
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
        <div className="field">
          <label htmlFor={`${id}-email`}>{t('Sender email (no client)')}</label>
          <input id={`${id}-email`} type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-status`}>{t('Status')}</label>
          <select id={`${id}-status`} value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="">—</option>
            {statuses.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name ?? s.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-priority`}>{t('Priority')}</label>
          <select id={`${id}-priority`} value={priority} onChange={(e) => setPriority(e.target.value)}>
            <option value="">—</option>
            {priorities.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="primary" disabled={busy}>
          {t('Create ticket')}
        </button>
      </form>
    </section>
  );
}
