// Date and datetime inputs written and read in the interface language's own format
// (nl 23-11-2026 20:10, en 23/11/2026 20:10, de 23.11.2026 20:10), with a month calendar
// to pick the day. The browser's native inputs follow the browser's locale instead, so a
// Dutch screen showed "11/23/2026, 08:10 PM". A date goes to the API as YYYY-MM-DD, a
// moment as ISO 8601 with its offset, on a 5-minute step.
import { useEffect, useId, useState, type ReactNode } from 'react';
import { isoDate, isoWithOffset, LOCALES } from '@/lib/format';
import { useLanguage, useTranslation, type Language } from '@/lib/i18n';
import { dutchDay, roundToFiveMinutes } from '@/lib/dates';
import { MonthCalendar } from '@/components/filters/date-range-filter';

type Props = { label: ReactNode; value: string | null; onChange: (v: string | null) => void; required?: boolean };

type Part = 'day' | 'month' | 'year';

const SAMPLE = new Date(2026, 10, 23, 20, 10);

/** How a language writes a date: the order of day, month and year and what sits between. */
function dateShape(language: Language): { order: Part[]; separator: string } {
  const parts = new Intl.DateTimeFormat(LOCALES[language], { day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(SAMPLE);
  const order = parts.filter((p) => p.type === 'day' || p.type === 'month' || p.type === 'year').map((p) => p.type as Part);
  return { order, separator: parts.find((p) => p.type === 'literal')?.value ?? '-' };
}

const dateFormat = (language: Language) =>
  new Intl.DateTimeFormat(LOCALES[language], { day: '2-digit', month: '2-digit', year: 'numeric' });
const timeFormat = (language: Language) =>
  new Intl.DateTimeFormat(LOCALES[language], { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** A day (and time) as the language writes it. */
export function formatPickerValue(d: Date | null, language: Language, withTime: boolean): string {
  if (!d) return '';
  const day = dateFormat(language).format(d);
  return withTime ? `${day} ${timeFormat(language).format(d)}` : day;
}

/** Text typed in the language's order back to a date, or null when it is no real date. */
export function parsePickerValue(text: string, language: Language, withTime: boolean): Date | null {
  const numbers = text.match(/\d+/g);
  if (!numbers || numbers.length < 3 || numbers.length > (withTime ? 5 : 3)) return null;
  const { order } = dateShape(language);
  const get = (part: Part) => Number(numbers[order.indexOf(part)]);
  const [year, month, day] = [get('year'), get('month'), get('day')];
  const hours = withTime ? Number(numbers[3] ?? 0) : 0;
  const minutes = withTime ? Number(numbers[4] ?? 0) : 0;
  if (year < 1000 || hours > 23 || minutes > 59) return null;
  const d = new Date(year, month - 1, day, hours, minutes);
  if (d.getFullYear() !== year || d.getMonth() !== month - 1 || d.getDate() !== day) return null;
  return d;
}

/** What the API gave (YYYY-MM-DD, YYYY-MM-DD HH:mm:ss or ISO with an offset) as a Date. */
export function readApiValue(value: string | null | undefined): Date | null {
  if (!value) return null;
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const d = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value.replace(' ', 'T'));
  return Number.isNaN(d.getTime()) ? null : d;
}

function PickerInput({ label, value, onChange, required, withTime }: Props & { withTime: boolean }) {
  const { t } = useTranslation('operator');
  const language = useLanguage();
  const id = useId();
  const current = readApiValue(value);
  const [text, setText] = useState(() => formatPickerValue(current, language, withTime));
  const [calendar, setCalendar] = useState(false);
  const [focused, setFocused] = useState(false);
  const [month, setMonth] = useState(() => current ?? new Date());

  // A new value from outside, or another language, rewrites the text, but not under typing.
  const shown = formatPickerValue(current, language, withTime);
  useEffect(() => {
    if (!focused) setText(shown);
  }, [shown, focused]);

  const send = (d: Date | null) => {
    if (!d) return onChange(null);
    onChange(withTime ? isoWithOffset(roundToFiveMinutes(d)) : isoDate(d));
  };
  const type = (next: string) => {
    setText(next);
    if (next.trim() === '') return send(null);
    const d = parsePickerValue(next, language, withTime);
    if (d) send(d);
  };
  const pick = (day: Date) => {
    const d = new Date(day);
    if (withTime && current) d.setHours(current.getHours(), current.getMinutes());
    setText(formatPickerValue(d, language, withTime));
    send(d);
    setCalendar(false);
  };
  const invalid = text.trim() !== '' && parsePickerValue(text, language, withTime) === null;
  const placeholder = formatPickerValue(SAMPLE, language, withTime)
    .replace(/2026/, t('yyyy'))
    .replace(/\b11\b/, t('mm'))
    .replace(/\b23\b/, t('dd'))
    .replace(/20:10/, t('hh:mm'));

  return (
    <div className="field date-picker">
      <label htmlFor={id}>{label}</label>
      <div className="date-picker-row">
        <input
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          required={required}
          placeholder={placeholder}
          value={text}
          aria-invalid={invalid}
          onChange={(e) => type(e.target.value)}
          onFocus={() => setFocused(true)}
          onBlur={() => {
            setFocused(false);
            if (!invalid) setText(shown);
          }}
        />
        <button type="button" aria-expanded={calendar} aria-controls={`${id}-calendar`} onClick={() => setCalendar((open) => !open)}>
          {t('Calendar')}
        </button>
      </div>
      {calendar && (
        <div id={`${id}-calendar`}>
          <MonthCalendar month={month} onMonth={setMonth} onPick={pick} range={{ from: current ? dutchDay(current) : undefined }} />
        </div>
      )}
    </div>
  );
}

/** A date, written in the interface language's format; sends YYYY-MM-DD. */
export function DatePicker(props: Props) {
  return <PickerInput {...props} withTime={false} />;
}

/** A date and time on a 5-minute step; sends ISO 8601 with the offset. */
export function DateTimePicker(props: Props) {
  return <PickerInput {...props} withTime />;
}
