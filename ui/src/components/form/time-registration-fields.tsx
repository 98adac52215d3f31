import { useId } from 'react';
import { Controller, type Control, type FieldErrors, type UseFormRegister, type UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import { useTranslation, type OperatorKey, type Translate } from '@/lib/i18n';
import { useOperatorLookups } from '@/lib/use-operator-lookups';
import { SearchSelect, type SearchOption } from '@/components/filters/search-select';
import { DateTimePicker } from './date-pickers';
import { TimeInput } from './time-input';
import { errorsByField, fieldErrorText } from './field-error';

/** What a time registration has (SPEC §3.1), as its forms hold it. */
export type TimeValues = {
  minutes: number | null;
  executedAt: string | null;
  activity: string;
  /** The contract the time is booked on, if any. */
  contract: SearchOption | null;
  /** The operator who spent the time (the one signed in, when registering). */
  operator: string;
  description: string;
};

const LABELS: Record<keyof TimeValues, OperatorKey> = {
  minutes: 'Time spent',
  executedAt: 'Executed at',
  activity: 'Activity',
  contract: 'Contract',
  operator: 'Operator',
  description: 'Description',
};

/** The API's names of the fields (TimeIn, TimeChange), each to its place in the form. */
const FIELD_OF: Record<string, keyof TimeValues> = {
  minutes: 'minutes',
  time_spent: 'minutes',
  executed_at: 'executedAt',
  activity_id: 'activity',
  contract_id: 'contract',
  operator_id: 'operator',
  description: 'description',
};

/** A 422's field errors, each under its field by the field's label. */
export function showTimeErrors(error: unknown, setError: UseFormSetError<TimeValues>, t: Translate<'operator'>) {
  if (!(error instanceof ApiError) || error.status !== 422) return;
  for (const [name, message] of Object.entries(errorsByField(error.body?.errors))) {
    const field = FIELD_OF[name];
    if (field) setError(field, { type: 'server', message: fieldErrorText(t, t(LABELS[field]), message) });
  }
}

type Props = {
  control: Control<TimeValues>;
  register: UseFormRegister<TimeValues>;
  errors: FieldErrors<TimeValues>;
  /** The contract is searched among this company's (the ticket's). */
  companyId: number | string | null;
};

/**
 * The fields of a time registration, shared by the ticket's 'register time' form and a
 * registration's edit form: time and moment required, activity, contract, operator and
 * description, each with its error below it.
 */
export function TimeRegistrationFields({ control, register, errors, companyId }: Props) {
  const { t } = useTranslation('operator');
  const id = useId();
  const { activities, operators } = useOperatorLookups();
  const errorOf = (name: keyof TimeValues) =>
    errors[name]?.message ? (
      <p role="alert" className="field-error">
        {errors[name]?.message}
      </p>
    ) : null;
  return (
    <>
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
      <Controller
        name="contract"
        control={control}
        render={({ field }) => <SearchSelect label={t('Contract')} lookup="contracts" value={field.value} onChange={field.onChange} constraints={{ companyId }} />}
      />
      {errorOf('contract')}
      <div className="field">
        <label htmlFor={`${id}-operator`}>{t('Operator')}</label>
        <select id={`${id}-operator`} {...register('operator')}>
          <option value="">—</option>
          {operators.map((o) => (
            <option key={o.id} value={String(o.id)}>
              {o.full_name}
            </option>
          ))}
        </select>
      </div>
      {errorOf('operator')}
      <div className="field">
        <label htmlFor={`${id}-description`}>{t('Description')}</label>
        <input id={`${id}-description`} maxLength={2000} {...register('description')} />
      </div>
      {errorOf('description')}
    </>
  );
}
