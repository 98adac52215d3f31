// Colour rules of SPEC §4 and the small date helpers the widgets share.
export type DueTone = 'none' | 'past' | 'future';
export type ExpiryTone = 'past' | 'soon' | 'ok';

function parse(value: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : new Date(value.replace(' ', 'T'));
}

/** Red when past, orange when in the future, a check mark when there is none. */
export function dueTone(value: string | null | undefined, now = new Date()): DueTone {
  if (!value) return 'none';
  return parse(value).getTime() < now.getTime() ? 'past' : 'future';
}

/** Red when past, orange within one month before, green otherwise. */
export function expiryTone(value: string, now = new Date()): ExpiryTone {
  const d = parse(value);
  if (d.getTime() < now.getTime()) return 'past';
  const monthAhead = new Date(now);
  monthAhead.setMonth(monthAhead.getMonth() + 1);
  return d.getTime() <= monthAhead.getTime() ? 'soon' : 'ok';
}

const pad = (n: number) => String(n).padStart(2, '0');

export const isoDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
export const dutchDay = (d: Date) => `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()}`;

/** The weeks of a month as rows of seven days, each row starting on Monday. */
export function monthWeeks(year: number, month: number): Date[][] {
  const first = new Date(year, month, 1);
  const offset = (first.getDay() + 6) % 7;
  const start = new Date(year, month, 1 - offset);
  const weeks: Date[][] = [];
  const cursor = new Date(start);
  while (weeks.length === 0 || cursor.getMonth() === month) {
    const week: Date[] = [];
    for (let i = 0; i < 7; i++) {
      week.push(new Date(cursor));
      cursor.setDate(cursor.getDate() + 1);
    }
    weeks.push(week);
  }
  return weeks;
}

/** Minutes rounded to the nearest 5, the step of the datetime picker. */
export function roundToFiveMinutes(d: Date): Date {
  const out = new Date(d);
  out.setSeconds(0, 0);
  out.setMinutes(Math.round(out.getMinutes() / 5) * 5);
  return out;
}
