// Cell helpers the list configs share.
import { formatEuro, formatShortDate, formatTime, truncate } from './format';
import type { Language } from './i18n';

export const dateCell = (value: string | null | undefined, language: Language) => formatShortDate(value, language);
export const dateTimeCell = (value: string | null | undefined, language: Language) =>
  value ? `${formatShortDate(value, language)} ${formatTime(value)}` : '';
export const euroCell = (value: number | null | undefined) => <span className="amount">{formatEuro(value)}</span>;
export const nameCell = (value: { name?: string | null; full_name?: string | null } | null | undefined, length = 35) =>
  truncate(value?.full_name ?? value?.name ?? '', length);

export function Badge({ text, tone }: { text: string; tone?: string | null }) {
  return <span className={`badge badge-${tone ?? 'default'}`}>{text}</span>;
}
