import { formatDateTime, relativeTimeFormat } from '@/lib/format';
import { useLanguage } from '@/lib/i18n';
import { useNow } from '@/lib/use-now';

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Infinity],
];

/** '3 minutes ago', 'in 2 days'. */
export function relativeTime(value: string, now: Date, language = 'en'): string {
  const rtf = relativeTimeFormat(language);
  let amount = (new Date(value).getTime() - now.getTime()) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return rtf.format(Math.round(amount), unit);
    amount /= size;
  }
  return '';
}

/** A relative time that refreshes every 30 s; the exact time is in the tooltip. */
export function RelativeTime({ value }: { value: string }) {
  const now = useNow();
  const language = useLanguage();
  return (
    <time dateTime={value} title={formatDateTime(value)}>
      {relativeTime(value, now, language)}
    </time>
  );
}
