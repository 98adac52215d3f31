import { useCallback, useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '@/lib/api-client';
import { formatMinutes } from '@/lib/format';
import { useTranslation, type OperatorKey } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { OPERATOR_BASE } from '@/lib/workspace-paths';
import { useOperatorLookups } from '@/lib/use-operator-lookups';
import { ObjectLink, RouteLink } from '@/components/display/route-link';
import { DateTimePicker } from '@/components/form/date-pickers';
import { TimeInput } from '@/components/form/time-input';
import { errorsByField, fieldErrorText } from '@/components/form/field-error';
import { getTimeRegistration, updateTimeRegistration, type TimeChange, type TimeRegistration } from '../../api/time-registration';

type Values = { minutes: number | null; executedAt: string | null; activity: string; description: string };

const valuesOf = (r: TimeRegistration): Values => ({
  minutes: r.time_spent_rounded,
  executedAt: r.executed_at,
  activity: r.activity_id === null ? '' : String(r.activity_id),
  description: r.description,
});

/** Only what differs from the registration as loaded, with the version it was loaded at. */
export function timeChanges(r: TimeRegistration, v: Values): TimeChange {
  const changes: TimeChange = {};
  if (v.minutes !== r.time_spent_rounded) changes.minutes = v.minutes;
  if (v.executedAt && v.executedAt !== r.executed_at) changes.executed_at = v.executedAt;
  const activity = v.activity === '' ? null : Number(v.activity);
  if (activity !== r.activity_id) changes.activity_id = activity;
  if (v.description.trim() !== r.description) changes.description = v.description.trim();
  return Object.keys(changes).length ? { ...changes, version: r.version } : {};
}

const LABELS: Record<string, OperatorKey> = { minutes: 'Time spent', time_spent: 'Time spent', executed_at: 'Executed at', activity_id: 'Activity', description: 'Description' };
const FIELDS: Record<string, keyof Values> = { minutes: 'minutes', time_spent: 'minutes', executed_at: 'executedAt', activity_id: 'activity', description: 'description' };

/** The edit form on react-hook-form: time and moment required, a 422 under its field, a 409 reloads. */
function TimeRegistrationForm({ registration, reload }: { registration: TimeRegistration; reload: () => void }) {
  const { t } = useTranslation('operator');
  const { can } = useSession();
  const id = useId();
  const { activities } = useOperatorLookups();
  const { control, register, handleSubmit, reset, setError, formState } = useForm<Values>({ defaultValues: valuesOf(registration) });
  useEffect(() => reset(valuesOf(registration)), [registration, reset]);
  const locked = Boolean(registration.invoice_id) || !can('time-registrations.update');
  const submit = handleSubmit(async (values) => {
    const changes = timeChanges(registration, values);
    if (Object.keys(changes).length === 0) return;
    try {
      await updateTimeRegistration(String(registration.id), changes);
      toast.success(t('Item updated.'));
      reload();
    } catch (error) {
      // The API client already showed the server's message; a 422 also goes under its field,
      // a 409 (changed meanwhile, or put on an invoice) shows the registration as it is now.
      if (error instanceof ApiError && error.status === 409) reload();
      if (error instanceof ApiError && error.status === 422) {
        for (const [name, message] of Object.entries(errorsByField(error.body?.errors))) {
          if (FIELDS[name]) setError(FIELDS[name], { type: 'server', message: fieldErrorText(t, t(LABELS[name]), message) });
        }
      }
    }
  });
  const errorOf = (name: keyof Values) =>
    formState.errors[name]?.message ? (
      <p role="alert" className="field-error">
        {formState.errors[name]?.message}
      </p>
    ) : null;
  return (
    <form className="time-registration" aria-label={t('Change time registration')} noValidate onSubmit={(e) => void submit(e)}>
      <fieldset disabled={locked}>
        <Controller
          name="minutes"
          control={control}
          rules={{ validate: (m) => (m ? true : t('{field} is required', { field: t('Time spent') })) }}
          render={({ field }) => <TimeInput label={t('Time spent')} value={field.value} onChange={field.onChange} required />}
        />
        {errorOf('minutes')}
        <Controller
          name="executedAt"
          control={control}
          rules={{ validate: (v) => (v ? true : t('{field} is required', { field: t('Executed at') })) }}
          render={({ field }) => <DateTimePicker label={t('Executed at')} value={field.value} onChange={field.onChange} required />}
        />
        {errorOf('executedAt')}
        <div className="field">
          <label htmlFor={`${id}-activity`}>{t('Activity')}</label>
          <select id={`${id}-activity`} {...register('activity')}>
            <option value="">—</option>
            {activities.map((a) => (
              <option key={a.id} value={a.id}>
                {a.label ?? a.name}
              </option>
            ))}
          </select>
        </div>
        {errorOf('activity')}
        <div className="field">
          <label htmlFor={`${id}-description`}>{t('Description')}</label>
          <input id={`${id}-description`} maxLength={2000} {...register('description')} />
        </div>
        {errorOf('description')}
        <button type="submit" className="primary" disabled={formState.isSubmitting}>
          {t('Save')}
        </button>
      </fieldset>
    </form>
  );
}

/** One time registration: its ticket, time and invoice, and the form to change it. */
export function TimeRegistrationPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('operator');
  const [registration, setRegistration] = useState<TimeRegistration | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => {
    getTimeRegistration(id).then(
      (found) => {
        setRegistration(found);
        setFailed(false);
      },
      () => setFailed(true),
    );
  }, [id]);
  useEffect(load, [load]);
  if (failed) return <p role="alert">{t('The time registration could not be loaded.')}</p>;
  if (!registration) return <p role="status">{t('Loading…')}</p>;
  return (
    <section className="operator-detail">
      <p>
        <Link to={`${OPERATOR_BASE}/time-registrations`}>{t('Time registrations')}</Link>
      </p>
      <h1>
        {t('Time registration')} {registration.ticket_reference} {formatMinutes(registration.time_spent_rounded)}
      </h1>
      <dl className="facts">
        <dt>{t('Ticket')}</dt>
        <dd>
          <ObjectLink object={{ id: registration.ticket_id }}>
            {registration.ticket_reference} {registration.ticket_description}
          </ObjectLink>
        </dd>
        <dt>{t('Invoice')}</dt>
        <dd>
          {registration.invoice_id ? (
            <RouteLink name="invoices.show" id={registration.invoice_id}>
              {t('On an invoice')}
            </RouteLink>
          ) : (
            t('Not invoiced')
          )}
        </dd>
      </dl>
      {registration.invoice_id && <p className="notice">{t('Time on an invoice is changed once it is taken off the invoice.')}</p>}
      <TimeRegistrationForm registration={registration} reload={load} />
    </section>
  );
}
