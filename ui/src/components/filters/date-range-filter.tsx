import { useId, useState } from 'react';
import type { DatePreset, DateRange } from '@/lib/builder';
import { dutchDateToIso, formatMonth } from '@/lib/format';
import { datePresets } from './presets';
import { dutchDay, monthWeeks } from '@/lib/dates';
import { useLanguage, useTranslation, type OperatorKey } from '@/lib/i18n';

const WEEKDAYS: OperatorKey[] = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];

type Props = { label: string; value: DateRange; onChange: (v: DateRange) => void; initialMonth?: Date };

/** A month grid with weeks from Monday; the first click sets 'from', the second 'to'. */
export function MonthCalendar({ month, onMonth, onPick, range }: { month: Date; onMonth: (d: Date) => void; onPick: (d: Date) => void; range: DateRange }) {
  const { t } = useTranslation('operator');
  // the month in the interface language: 'november 2026' in Dutch
  const title = formatMonth(month, useLanguage());
  const weeks = monthWeeks(month.getFullYear(), month.getMonth());
  const selected = new Set([range.from, range.to].filter(Boolean));
  return (
    <div className="month-calendar">
      <div className="month-calendar-header">
        <button type="button" aria-label={t('Previous month')} onClick={() => onMonth(new Date(month.getFullYear(), month.getMonth() - 1, 1))}>
          ‹
        </button>
        <span aria-live="polite">{title}</span>
        <button type="button" aria-label={t('Next month')} onClick={() => onMonth(new Date(month.getFullYear(), month.getMonth() + 1, 1))}>
          ›
        </button>
      </div>
      <table role="grid" aria-label={title}>
        <thead>
          <tr>
            {WEEKDAYS.map((d) => (
              <th key={d} scope="col">
                {t(d)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={dutchDay(week[0])}>
              {week.map((day) => (
                <td key={dutchDay(day)} className={day.getMonth() === month.getMonth() ? '' : 'muted'}>
                  <button
                    type="button"
                    aria-label={dutchDay(day)}
                    aria-pressed={selected.has(dutchDay(day))}
                    onClick={() => onPick(day)}
                  >
                    {day.getDate()}
                  </button>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Dates typed as dd-mm-yyyy or picked; or one of the presets of SPEC §9. */
export function DateRangeFilter({ label, value, onChange, initialMonth }: Props) {
  const { t } = useTranslation('operator');
  const id = useId();
  const [from, setFrom] = useState(value.from ?? '');
  const [to, setTo] = useState(value.to ?? '');
  const [month, setMonth] = useState(() => initialMonth ?? new Date());
  const [calendar, setCalendar] = useState(false);
  const invalid = (v: string) => v !== '' && dutchDateToIso(v) === null;
  const commit = (f: string, t: string) => {
    setFrom(f);
    setTo(t);
    if (!invalid(f) && !invalid(t)) onChange({ from: f || undefined, to: t || undefined });
  };
  const pick = (day: Date) => {
    const text = dutchDay(day);
    if (!from || (from && to)) return commit(text, '');
    const fromIso = dutchDateToIso(from);
    const dayIso = dutchDateToIso(text) as string;
    if (fromIso && dayIso < fromIso) return commit(text, from);
    commit(from, text);
  };
  return (
    <fieldset className="date-range-filter">
      <legend>{label}</legend>
      <div className="field">
        <label htmlFor={`${id}-preset`}>{t('Preset')}</label>
        <select
          id={`${id}-preset`}
          value={value.preset ?? ''}
          onChange={(e) => {
            setFrom('');
            setTo('');
            onChange(e.target.value ? { preset: e.target.value as DatePreset } : {});
          }}
        >
          <option value="">—</option>
          {datePresets.map((p) => (
            <option key={p.value} value={p.value}>
              {t(p.label)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-from`}>{t('From (dd-mm-yyyy)')}</label>
        <input id={`${id}-from`} placeholder={t('dd-mm-yyyy')} value={from} aria-invalid={invalid(from)} onChange={(e) => commit(e.target.value, to)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-to`}>{t('To (dd-mm-yyyy)')}</label>
        <input id={`${id}-to`} placeholder={t('dd-mm-yyyy')} value={to} aria-invalid={invalid(to)} onChange={(e) => commit(from, e.target.value)} />
      </div>
      <button type="button" aria-expanded={calendar} onClick={() => setCalendar((c) => !c)}>
        {t('Calendar')}
      </button>
      {calendar && <MonthCalendar month={month} onMonth={setMonth} onPick={pick} range={{ from, to }} />}
    </fieldset>
  );
}
