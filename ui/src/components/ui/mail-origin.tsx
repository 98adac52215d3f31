// Where a message came from when it came by mail: its sender, addressees and date, as
// the mail said them. Shown in both threads; bcc never travels in a received mail's
// headers, and a client's thread is never given one.
import './mail-origin.css';
import { addressList } from '@/lib/addresses';
import { formatDateTime } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';

export type MailFields = {
  original_email_from?: string | null;
  email_to?: string[] | string | null;
  email_cc?: string[] | string | null;
  email_date?: string | null;
};

/** True when the message came in by mail. */
export const cameByMail = (m: MailFields) => Boolean(m.original_email_from);

export function MailOrigin({ message }: { message: MailFields }) {
  const { t } = useTranslation();
  if (!cameByMail(message)) return null;
  const to = addressList(message.email_to);
  const cc = addressList(message.email_cc);
  return (
    <dl className="mail-origin" aria-label={t('mail.origin')}>
      <dt>{t('mail.from')}</dt>
      <dd>{message.original_email_from}</dd>
      {to.length > 0 && (
        <>
          <dt>{t('mail.to')}</dt>
          <dd>{to.join(', ')}</dd>
        </>
      )}
      {cc.length > 0 && (
        <>
          <dt>{t('mail.cc')}</dt>
          <dd>{cc.join(', ')}</dd>
        </>
      )}
      {message.email_date && (
        <>
          <dt>{t('mail.date')}</dt>
          <dd>
            <time dateTime={message.email_date}>{formatDateTime(message.email_date)}</time>
          </dd>
        </>
      )}
    </dl>
  );
}
