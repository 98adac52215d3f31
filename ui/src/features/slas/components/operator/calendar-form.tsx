import { useId } from 'react';
import { useFieldArray, useForm, type Control, type UseFormRegister } from 'react-hook-form';
import { ApiError, quietClient, unwrap } from '@/lib/api-client';
import { useTranslation, type OperatorKey } from '@/lib/i18n';
import type { components } from '@/types/api';

export type Calendar = components['schemas']['BusinessHourContractItem'];
type Country = 'NL' | 'BE' | 'DE';
const COUNTRIES: Country[] = ['NL', 'BE', 'DE'];
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
type Weekday = (typeof WEEKDAYS)[number];
const DAY_LABELS: Record<Weekday, OperatorKey> = { monday: 'Monday', tuesday: 'Tuesday', wednesday: 'Wednesday', thursday: 'Thursday', friday: 'Friday', saturday: 'Saturday', sunday: 'Sunday' };

type Span = { from: string; to: string };
type Values = {
  label: string;
  is_default: boolean;
  time_zone: string;
  hours: Record<Weekday, Span[]>;
  holiday_countries: Country[];
  holidays: { day: string }[];
};

const OFFICE: Span[] = [{ from: '09:00', to: '17:00' }];

function valuesOf(calendar: Calendar | null): Values {
  const hours = calendar?.hours;
  return {
    label: calendar?.label ?? '',
    is_default: calendar?.is_default ?? false,
    time_zone: calendar?.time_zone ?? 'Europe/Amsterdam',
    hours: Object.fromEntries(
      WEEKDAYS.map((d, i) => [d, hours ? (hours[d] ?? []).map(([from, to]) => ({ from, to })) : i < 5 ? OFFICE : []]),
    ) as Record<Weekday, Span[]>,
    holiday_countries: (calendar?.holiday_countries ?? ['NL']) as Country[],
    holidays: (calendar?.holidays ?? []).map((day) => ({ day })),
  };
}

const zones = (): string[] => {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  return supported ? supported('timeZone') : ['Europe/Amsterdam', 'Europe/Brussels', 'Europe/Berlin', 'UTC'];
};

function DaySpans({ day, control, register }: { day: Weekday; control: Control<Values>; register: UseFormRegister<Values> }) {
  const { t } = useTranslation('operator');
  const { fields, append, remove } = useFieldArray({ control, name: `hours.${day}` });
  const name = t(DAY_LABELS[day]);
  return (
    <tr>
      <th scope="row">{name}</th>
      <td>
        {fields.length === 0 && <span>{t('Closed')} </span>}
        {fields.map((f, i) => (
          <span key={f.id} className="span">
            <input type="time" aria-label={`${name} ${i + 1}: ${t('From')}`} {...register(`hours.${day}.${i}.from`, { required: true })} />
            {' – '}
            <input
              type="time"
              aria-label={`${name} ${i + 1}: ${t('To')}`}
              {...register(`hours.${day}.${i}.to`, { required: true, validate: (to, all) => to > all.hours[day][i].from || t('A span ends after it starts') })}
            />
            <button type="button" aria-label={`${name} ${i + 1}: ${t('Remove')}`} onClick={() => remove(i)}>
              ×
            </button>{' '}
          </span>
        ))}
        <button type="button" onClick={() => append({ from: '09:00', to: '17:00' })}>
          {t('Add hours')}
        </button>
      </td>
    </tr>
  );
}

/** A business-hour calendar: opening hours per weekday (wall-clock spans in its zone),
 * public holidays of NL, BE or DE and the tenant's own closed days. */
export function CalendarForm({ calendar, onSaved }: { calendar: Calendar | null; onSaved: (saved: Calendar) => void }) {
  const { t } = useTranslation('operator');
  const ids = { label: useId(), zone: useId() };
  const { register, control, handleSubmit, setError, formState } = useForm<Values>({ defaultValues: valuesOf(calendar) });
  const own = useFieldArray({ control, name: 'holidays' });
  const { errors, isSubmitting } = formState;
  const spanError = WEEKDAYS.flatMap((d) => (errors.hours?.[d] ?? []) as { to?: { message?: string } }[]).find((e) => e?.to?.message)?.to?.message;

  const submit = handleSubmit(async (v) => {
    const body = {
      label: v.label.trim(),
      is_default: v.is_default,
      time_zone: v.time_zone,
      hours: Object.fromEntries(WEEKDAYS.map((d) => [d, v.hours[d].map((s) => [s.from, s.to] as [string, string])])),
      holiday_countries: v.holiday_countries,
      holidays: v.holidays.map((h) => h.day).filter(Boolean),
    };
    try {
      const saved = calendar
        ? await unwrap(quietClient.PUT('/api/business-hour-contracts/{item_id}', { params: { path: { item_id: calendar.id } }, body }))
        : await unwrap(quietClient.POST('/api/business-hour-contracts', { body }));
      onSaved(saved as Calendar);
    } catch (e) {
      const named = Object.entries(e instanceof ApiError ? (e.body?.errors ?? {}) : {});
      if (named.length === 0) setError('root.server', { type: 'server', message: e instanceof Error ? e.message : String(e) });
      for (const [key, texts] of named) {
        const message = ([] as string[]).concat(texts)[0] ?? '';
        const field = key.replace(/^body\./, '');
        if (field === 'label' || field === 'time_zone') setError(field, { type: 'server', message });
        else setError('root.server', { type: 'server', message: `${field}: ${message}` });
      }
    }
  });

  return (
    <form className="calendar-form" aria-label={calendar ? calendar.label : t('New calendar')} onSubmit={(e) => void submit(e)} noValidate>
      <div className="field">
        <label htmlFor={ids.label}>{t('Name')}</label>
        <input id={ids.label} {...register('label', { required: t('Required'), maxLength: { value: 200, message: t('Required') } })} />
        {errors.label && <span role="alert">{errors.label.message}</span>}
      </div>
      <div className="field">
        <label htmlFor={ids.zone}>{t('Time zone')}</label>
        <select id={ids.zone} {...register('time_zone')}>
          {zones().map((z) => (
            <option key={z} value={z}>
              {z}
            </option>
          ))}
        </select>
        {errors.time_zone && <span role="alert">{errors.time_zone.message}</span>}
      </div>
      <table>
        <caption>{t('Opening hours')}</caption>
        <tbody>
          {WEEKDAYS.map((d) => (
            <DaySpans key={d} day={d} control={control} register={register} />
          ))}
        </tbody>
      </table>
      {spanError && <p role="alert">{spanError}</p>}
      <fieldset>
        <legend>{t('Public holidays of')}</legend>
        {COUNTRIES.map((c) => (
          <label key={c}>
            <input type="checkbox" value={c} {...register('holiday_countries')} /> {c}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>{t('Own closed days')}</legend>
        {own.fields.map((f, i) => (
          <span key={f.id}>
            <input type="date" aria-label={`${t('Closed day')} ${i + 1}`} {...register(`holidays.${i}.day`, { required: true })} />
            <button type="button" aria-label={`${t('Closed day')} ${i + 1}: ${t('Remove')}`} onClick={() => own.remove(i)}>
              ×
            </button>{' '}
          </span>
        ))}
        <button type="button" onClick={() => own.append({ day: '' })}>
          {t('Add a closed day')}
        </button>
      </fieldset>
      <label>
        <input type="checkbox" {...register('is_default')} /> {t('Default')}
      </label>
      {errors.root?.server && <p role="alert">{errors.root.server.message}</p>}
      <button type="submit" className="primary" disabled={isSubmitting}>
        {t('Save')}
      </button>
    </form>
  );
}
