// Mail from unknown senders held for review: who sent it, its subject, when, and the
// start of its text. Accepting opens the ticket (under a company the operator may choose,
// else the one matched by the sender's domain); rejecting drops the mail.
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { searchCompanies, useAcceptMail, useHeldMails, useRejectMail, type FoundCompany, type HeldMail } from '../api/mail-review';
import { MAIL_BASE } from './paths';

export function MailReviewPage() {
  const { t } = useTranslation('operator');
  const held = useHeldMails();
  return (
    <section className="mail-review">
      <h1>{t('Mail review queue')}</h1>
      <p>
        <Link to={MAIL_BASE}>{t('Mail settings')}</Link>
      </p>
      {held.isPending ? (
        <p role="status">{t('Loading…')}</p>
      ) : held.isError ? (
        <p role="alert">{t('The held mails could not be loaded.')}</p>
      ) : held.data.length === 0 ? (
        <p className="muted">{t('No mail is waiting for review.')}</p>
      ) : (
        <ul className="held-mails" aria-label={t('Held mails')}>
          {held.data.map((mail) => (
            <HeldMailItem key={mail.id} mail={mail} />
          ))}
        </ul>
      )}
    </section>
  );
}

function HeldMailItem({ mail }: { mail: HeldMail }) {
  const { t } = useTranslation('operator');
  const accept = useAcceptMail();
  const reject = useRejectMail();
  const [company, setCompany] = useState<FoundCompany | null>(null);
  const busy = accept.isPending || reject.isPending;
  const headingId = useId();
  const subject = mail.subject || t('(no subject)');
  const decide = async (what: 'accept' | 'reject') => {
    try {
      if (what === 'accept') {
        await accept.mutateAsync({ id: mail.id, companyId: company?.id });
        toast.success(t('Mail accepted: the ticket is opened.'));
      } else {
        await reject.mutateAsync(mail.id);
        toast.success(t('Mail rejected.'));
      }
    } catch {
      // the error toast says why
    }
  };
  return (
    <li className="held-mail" aria-labelledby={headingId}>
      <h2 id={headingId}>{subject}</h2>
      <dl className="mail-origin">
        <dt>{t('From')}</dt>
        <dd>{mail.from_name ? `${mail.from_name} <${mail.from}>` : mail.from}</dd>
        <dt>{t('Date')}</dt>
        <dd>{mail.date ? <time dateTime={mail.date}>{formatDateTime(mail.date)}</time> : '—'}</dd>
      </dl>
      <p className="held-mail-preview">{mail.preview}</p>
      <CompanyChoice value={company} onChange={setCompany} subject={subject} />
      <div className="held-mail-actions">
        <button type="button" className="primary" disabled={busy} aria-label={t('Accept "{subject}"', { subject })} onClick={() => void decide('accept')}>
          {t('Accept')}
        </button>{' '}
        <button type="button" disabled={busy} aria-label={t('Reject "{subject}"', { subject })} onClick={() => void decide('reject')}>
          {t('Reject')}
        </button>
      </div>
    </li>
  );
}

/** An optional company for the accepted mail, found by typing part of its name. */
function CompanyChoice({ value, onChange, subject }: { value: FoundCompany | null; onChange: (c: FoundCompany | null) => void; subject: string }) {
  const { t } = useTranslation('operator');
  const id = useId();
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<FoundCompany[]>([]);
  const text = useDebouncedValue(search.trim(), 250);
  useEffect(() => {
    if (text.length < 2) {
      setFound([]);
      return;
    }
    const controller = new AbortController();
    searchCompanies(text, controller.signal)
      .then(setFound)
      .catch(() => setFound([]));
    return () => controller.abort();
  }, [text]);
  if (value) {
    return (
      <p className="held-mail-company">
        {t('Company: {name}', { name: value.label })}{' '}
        <button type="button" onClick={() => onChange(null)} aria-label={t('Clear the company of "{subject}"', { subject })}>
          {t('Clear')}
        </button>
      </p>
    );
  }
  return (
    <div className="field held-mail-company">
      <label htmlFor={id}>{t('Company (optional)')}</label>
      <input id={id} type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('Type 2 letters to search')} />
      {found.length > 0 && (
        <ul className="held-mail-companies" aria-label={t('Companies found')}>
          {found.map((c) => (
            <li key={c.id}>
              <button type="button" onClick={() => onChange(c)}>
                {c.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
