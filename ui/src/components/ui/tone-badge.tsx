// Badges and dates that carry their meaning in colour and in words, for the portal lists.
import { formatDate, formatShortDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';

export type Tone = 'info' | 'warning' | 'success' | 'danger' | 'credit' | 'neutral';

/** White text on each of these reaches the 4.5:1 contrast of WCAG AA. */
export const TONE_COLOURS: Record<Tone, string> = {
  info: '#1d4ed8',
  warning: '#b54708',
  success: '#067647',
  danger: '#b42318',
  credit: '#6941c6',
  neutral: '#475467',
};

export function ToneBadge({ text, tone }: { text: string; tone: Tone }) {
  return (
    <span className={`badge badge-${tone}`} data-tone={tone} style={{ backgroundColor: TONE_COLOURS[tone], color: '#fff' }}>
      {text}
    </span>
  );
}

/** Invoice status ids (SPEC §4): 1 sent, 2 and 3 outstanding, 4 paid, 8 credit invoice, 9 expired. */
export function invoiceTone(status: number): Tone {
  switch (status) {
    case 2:
    case 3:
      return 'warning';
    case 4:
      return 'success';
    case 8:
      return 'credit';
    case 9:
      return 'danger';
    default:
      return 'info';
  }
}

export type Expiry = 'past' | 'soon' | 'later';

/** Red when past, orange within one month before, green otherwise (SPEC §4). */
export function expiryOf(value: string, now: Date = new Date()): Expiry {
  const day = new Date(value.length === 10 ? `${value}T23:59:59` : value);
  if (day.getTime() < now.getTime()) return 'past';
  const month = new Date(now);
  month.setMonth(month.getMonth() + 1);
  return day.getTime() <= month.getTime() ? 'soon' : 'later';
}

/** A date that ends something (a warranty): marked, in words too, once it has passed or nearly has. */
export function ExpiryDate({ value, now, long }: { value: string | null | undefined; now?: Date; long?: boolean }) {
  const { t, language } = useTranslation();
  if (!value) return null;
  const expiry = expiryOf(value, now);
  const text = long ? formatDate(value) : formatShortDate(value, language);
  if (expiry === 'later')
    return (
      <span data-expiry="later" style={{ color: TONE_COLOURS.success }}>
        {text}
      </span>
    );
  const tone: Tone = expiry === 'past' ? 'danger' : 'warning';
  return (
    <span className={`expiry expiry-${expiry}`} data-expiry={expiry} style={{ color: TONE_COLOURS[tone], fontWeight: 600 }}>
      {text} <ToneBadge text={t(expiry === 'past' ? 'date.expired' : 'date.expires_soon')} tone={tone} />
    </span>
  );
}
