// The tenant's mail: the SMTP server mail leaves by, the IMAP mailbox mail is fetched
// from, the addresses that reach this desk, what happens to mail from unknown senders,
// and a test mail. Passwords are never shown: "set" says one is stored.
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Field, SaveRow, useSettingsForm } from '@/components/form/settings-form';
import { ApiError } from '@/lib/api-client';
import { invalidAddress, isAddress, splitAddresses } from '@/lib/addresses';
import { useTranslation, type OperatorKey } from '@/lib/i18n';
import {
  useMailSettings,
  useSaveMailSettings,
  useSendTestMail,
  type MailSettings,
  type MailSettingsChange,
  type Security,
  type UnknownSenders,
} from '../api/mail-settings';
import { MAIL_BASE } from './paths';

type Values = {
  smtp_host: string;
  smtp_port: string;
  smtp_security: Security;
  smtp_user: string;
  smtp_password: string;
  from_address: string;
  imap_host: string;
  imap_port: string;
  imap_security: Security;
  imap_user: string;
  imap_password: string;
  imap_folder: string;
  addresses: string;
  unknown_senders: UnknownSenders;
};

const FIELDS: (keyof Values)[] = [
  'smtp_host', 'smtp_port', 'smtp_security', 'smtp_user', 'smtp_password', 'from_address',
  'imap_host', 'imap_port', 'imap_security', 'imap_user', 'imap_password', 'imap_folder',
  'addresses', 'unknown_senders',
];

const SECURITY: Record<Security, OperatorKey> = { starttls: 'STARTTLS', tls: 'TLS', none: 'None (plain)' };

/** The form's values from the stored settings (empty texts where nothing is set). */
export function formValues(s: MailSettings): Values {
  return {
    smtp_host: s.smtp_host ?? '',
    smtp_port: s.smtp_port ? String(s.smtp_port) : '',
    smtp_security: s.smtp_security ?? 'starttls',
    smtp_user: s.smtp_user ?? '',
    smtp_password: '',
    from_address: s.from_address ?? '',
    imap_host: s.imap_host ?? '',
    imap_port: s.imap_port ? String(s.imap_port) : '',
    imap_security: s.imap_security ?? 'tls',
    imap_user: s.imap_user ?? '',
    imap_password: '',
    imap_folder: s.imap_folder ?? 'INBOX',
    addresses: (s.addresses ?? []).join('\n'),
    unknown_senders: s.unknown_senders ?? 'review',
  };
}

const text = (v: string) => (v.trim() ? v.trim() : null);
const port = (v: string) => (v.trim() ? Number(v) : null);

/** What PUT /api/mail-settings gets: an empty password is left out, so the stored one stays. */
export function changeOf(v: Values): MailSettingsChange {
  const change: MailSettingsChange = {
    smtp_host: text(v.smtp_host),
    smtp_port: port(v.smtp_port),
    smtp_security: v.smtp_host.trim() ? v.smtp_security : null,
    smtp_user: text(v.smtp_user),
    from_address: text(v.from_address)?.toLowerCase() ?? null,
    imap_host: text(v.imap_host),
    imap_port: port(v.imap_port),
    imap_security: v.imap_host.trim() ? v.imap_security : null,
    imap_user: text(v.imap_user),
    imap_folder: text(v.imap_folder),
    addresses: splitAddresses(v.addresses),
    unknown_senders: v.unknown_senders,
  };
  if (v.smtp_password) change.smtp_password = v.smtp_password;
  if (v.imap_password) change.imap_password = v.imap_password;
  return change;
}

/** Which form field an API error key belongs to. */
function fieldOf(key: string): keyof Values | null {
  const name = key.replace(/^body\./, '').split('.')[0] as keyof Values;
  return FIELDS.includes(name) ? name : null;
}

export function MailSettingsPage() {
  const { t } = useTranslation('operator');
  const settings = useMailSettings();
  const save = useSaveMailSettings();
  const { form, onSubmit, input } = useSettingsForm({
    stored: settings.data,
    save: save.mutateAsync,
    toValues: formValues,
    toChange: changeOf,
    fieldOf,
    savedText: t('Mail settings saved'),
  });
  const { register, watch, formState } = form;
  const { errors } = formState;

  // a port is a number from 1 to 65535, and a server needs one
  const portRules = (host: 'smtp_host' | 'imap_host', label: string) => ({
    deps: [host],
    validate: {
      port: (v: string) => !v.trim() || (/^\d{1,5}$/.test(v.trim()) && Number(v) >= 1 && Number(v) <= 65535) || t('{field} must be a port between 1 and 65535', { field: label }),
      needed: (v: string, all: Values) => !all[host].trim() || !!v.trim() || t('{field} is required', { field: label }),
    },
  });

  if (settings.isPending) return <p role="status">{t('Loading…')}</p>;
  if (settings.isError) {
    return (
      <section>
        <h1>{t('Mail settings')}</h1>
        <p role="alert">{t('The mail settings could not be loaded.')}</p>
      </section>
    );
  }
  const stored = settings.data;
  const passwordHint = (set: boolean) => (set ? t('Set: leave empty to keep the stored password.') : t('Not set'));
  const securitySelect = (name: 'smtp_security' | 'imap_security', id: string) => (
    <select id={id} {...register(name)}>
      {(Object.keys(SECURITY) as Security[]).map((s) => (
        <option key={s} value={s}>
          {t(SECURITY[s])}
        </option>
      ))}
    </select>
  );
  const smtpHost = watch('smtp_host');

  return (
    <section className="mail-settings">
      <h1>{t('Mail settings')}</h1>
      <p>
        <Link to={`${MAIL_BASE}/review`}>{t('Mail review queue')}</Link>
      </p>
      <form onSubmit={onSubmit} noValidate className="mail-settings-form">
        <fieldset>
          <legend>{t('Outgoing mail (SMTP)')}</legend>
          {stored.default_smtp && <p className="muted">{t('Without a server of its own the desk sends through the default server.')}</p>}
          <Field label={t('SMTP host')} error={errors.smtp_host?.message}>
            {(id) => input(register('smtp_host', { maxLength: { value: 255, message: t('{field} may be at most {n} characters', { field: t('SMTP host'), n: 255 }) } }), id, { autoComplete: 'off' })}
          </Field>
          <Field label={t('SMTP port')} error={errors.smtp_port?.message}>
            {(id) => input(register('smtp_port', portRules('smtp_host', t('SMTP port'))), id, { inputMode: 'numeric' })}
          </Field>
          <Field label={t('SMTP security')} error={errors.smtp_security?.message}>
            {(id) => securitySelect('smtp_security', id)}
          </Field>
          <Field label={t('SMTP user')} error={errors.smtp_user?.message}>
            {(id) => input(register('smtp_user'), id, { autoComplete: 'off' })}
          </Field>
          <Field label={t('SMTP password')} error={errors.smtp_password?.message} hint={passwordHint(stored.smtp_password_set)}>
            {(id) => input(register('smtp_password'), id, { type: 'password', autoComplete: 'new-password', 'aria-describedby': `${id}-hint` })}
          </Field>
          <Field label={t('From address')} error={errors.from_address?.message}>
            {(id) =>
              input(
                register('from_address', {
                  validate: (v) => !v.trim() || isAddress(v.trim().toLowerCase()) || t('{field} is not a valid e-mail address', { field: t('From address') }),
                  required: smtpHost?.trim() ? t('{field} is required', { field: t('From address') }) : false,
                }),
                id,
                { type: 'email', autoComplete: 'off' },
              )
            }
          </Field>
        </fieldset>
        <fieldset>
          <legend>{t('Incoming mail (IMAP mailbox)')}</legend>
          <Field label={t('IMAP host')} error={errors.imap_host?.message}>
            {(id) => input(register('imap_host'), id, { autoComplete: 'off' })}
          </Field>
          <Field label={t('IMAP port')} error={errors.imap_port?.message}>
            {(id) => input(register('imap_port', portRules('imap_host', t('IMAP port'))), id, { inputMode: 'numeric' })}
          </Field>
          <Field label={t('IMAP security')} error={errors.imap_security?.message}>
            {(id) => securitySelect('imap_security', id)}
          </Field>
          <Field label={t('IMAP user')} error={errors.imap_user?.message}>
            {(id) => input(register('imap_user'), id, { autoComplete: 'off' })}
          </Field>
          <Field label={t('IMAP password')} error={errors.imap_password?.message} hint={passwordHint(stored.imap_password_set)}>
            {(id) => input(register('imap_password'), id, { type: 'password', autoComplete: 'new-password', 'aria-describedby': `${id}-hint` })}
          </Field>
          <Field label={t('IMAP folder')} error={errors.imap_folder?.message}>
            {(id) => input(register('imap_folder'), id, { autoComplete: 'off' })}
          </Field>
        </fieldset>
        <fieldset>
          <legend>{t('Receiving')}</legend>
          <Field label={t('Receiving addresses')} error={errors.addresses?.message} hint={t('One address a line; mail to any of them reaches this desk.')}>
            {(id) => (
              <textarea
                id={id}
                rows={3}
                aria-describedby={`${id}-hint`}
                aria-invalid={errors.addresses ? true : undefined}
                {...register('addresses', {
                  validate: (v) => {
                    const wrong = invalidAddress(v);
                    return wrong === null || t('{address} is not a valid e-mail address', { address: wrong });
                  },
                })}
              />
            )}
          </Field>
          <fieldset className="field checks">
            <legend>{t('Mail from unknown senders')}</legend>
            <label>
              <input type="radio" value="create" {...register('unknown_senders')} /> {t('Create the client under the company of its domain')}
            </label>
            <label>
              <input type="radio" value="review" {...register('unknown_senders')} /> {t('Hold it for review')}
            </label>
          </fieldset>
        </fieldset>
        <SaveRow form={form} />
      </form>
      <TestMail />
    </section>
  );
}

/** "Send test mail": queued through the outbox like any mail; the answer says so. */
function TestMail() {
  const { t } = useTranslation('operator');
  const send = useSendTestMail();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const { register, handleSubmit, formState } = useForm({ defaultValues: { to: '' } });
  const onSubmit = handleSubmit(async ({ to }) => {
    setResult(null);
    try {
      await send.mutateAsync(to.trim().toLowerCase());
      setResult({ ok: true, text: t('Test mail to {to} queued: it leaves with the next mails.', { to: to.trim() }) });
    } catch (e) {
      const body = e instanceof ApiError ? e.body : null;
      const detail = body?.errors ? Object.values(body.errors).flat()[0] : body?.message;
      setResult({ ok: false, text: t('The test mail was not sent: {reason}', { reason: String(detail ?? t('unknown error')) }) });
    }
  });
  const id = useId();
  return (
    <form onSubmit={onSubmit} noValidate className="mail-test">
      <h2>{t('Send test mail')}</h2>
      <div className="field">
        <label htmlFor={id}>{t('Send to')}</label>
        <input
          id={id}
          type="email"
          aria-invalid={formState.errors.to ? true : undefined}
          {...register('to', {
            required: t('{field} is required', { field: t('Send to') }),
            validate: (v) => isAddress(v.trim().toLowerCase()) || t('{field} is not a valid e-mail address', { field: t('Send to') }),
          })}
        />
        {formState.errors.to ? (
          <p className="field-error" role="alert">
            {formState.errors.to.message}
          </p>
        ) : null}
      </div>
      <button type="submit" disabled={formState.isSubmitting}>
        {t('Send test mail')}
      </button>
      {result ? (
        <p role="status" className={result.ok ? 'mail-test-ok' : 'field-error'}>
          {result.text}
        </p>
      ) : null}
    </form>
  );
}
