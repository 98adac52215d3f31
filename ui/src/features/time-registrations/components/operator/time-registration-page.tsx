import { useCallback, useEffect, useState } from 'react';
import { useForm, type UseFormGetValues, type UseFormSetValue } from 'react-hook-form';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '@/lib/api-client';
import { formatMinutes } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { OPERATOR_BASE } from '@/lib/workspace-paths';
import { ObjectLink, RouteLink } from '@/components/display/route-link';
import { findLookup } from '@/components/filters/api/search-records';
import { TimeRegistrationFields, showTimeErrors, type TimeValues } from '@/components/form/time-registration-fields';
import { getTimeRegistration, updateTimeRegistration, type TimeChange, type TimeRegistration } from '../../api/time-registration';

const valuesOf = (r: TimeRegistration): TimeValues => ({
  minutes: r.time_spent_rounded,
  executedAt: r.executed_at,
  activity: r.activity_id === null ? '' : String(r.activity_id),
  // the label comes from the contracts lookup once the page has it (useContractLabel)
  contract: r.contract_id ? { id: r.contract_id, label: r.contract_id } : null,
  operator: r.operator_id == null ? '' : String(r.operator_id),
  description: r.description,
});

/** Only what differs from the registration as loaded, with the version it was loaded at. */
export function timeChanges(r: TimeRegistration, v: TimeValues): TimeChange {
  const changes: TimeChange = {};
  if (v.minutes !== r.time_spent_rounded) changes.minutes = v.minutes;
  if (v.executedAt && v.executedAt !== r.executed_at) changes.executed_at = v.executedAt;
  const activity = v.activity === '' ? null : Number(v.activity);
  if (activity !== r.activity_id) changes.activity_id = activity;
  const contract = v.contract ? String(v.contract.id) : null;
  if (contract !== r.contract_id) changes.contract_id = contract;
  if (v.operator && v.operator !== String(r.operator_id ?? '')) changes.operator_id = v.operator;
  if (v.description.trim() !== r.description) changes.description = v.description.trim();
  return Object.keys(changes).length ? { ...changes, version: r.version } : {};
}

/** The booked contract's name, looked up by its id (the registration names only the id). */
function useContractLabel(contractId: string | null, setValue: UseFormSetValue<TimeValues>, getValues: UseFormGetValues<TimeValues>) {
  useEffect(() => {
    if (!contractId) return;
    const controller = new AbortController();
    findLookup('contracts', contractId, controller.signal)
      .then((found) => {
        const current = getValues('contract');
        if (current && String(current.id) === contractId) setValue('contract', { id: contractId, label: found.label ?? found.name ?? contractId });
      })
      .catch(() => {
        // the id stays as the label; the form still works
      });
    return () => controller.abort();
  }, [contractId, setValue, getValues]);
}

/** The edit form on react-hook-form: time and moment required, a 422 under its field, a 409 reloads. */
function TimeRegistrationForm({ registration, reload }: { registration: TimeRegistration; reload: () => void }) {
  const { t } = useTranslation('operator');
  const { can } = useSession();
  const { control, register, handleSubmit, reset, setError, setValue, getValues, formState } = useForm<TimeValues>({ defaultValues: valuesOf(registration) });
  useEffect(() => reset(valuesOf(registration)), [registration, reset]);
  useContractLabel(registration.contract_id, setValue, getValues);
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
      showTimeErrors(error, setError, t);
    }
  });
  return (
    <form className="time-registration" aria-label={t('Change time registration')} noValidate onSubmit={(e) => void submit(e)}>
      <fieldset disabled={locked}>
        {/* the registration does not name its ticket's company: any live contract may be picked, the API checks it fits */}
        <TimeRegistrationFields control={control} register={register} errors={formState.errors} companyId={null} />
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
