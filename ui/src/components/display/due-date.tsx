import { formatDate } from '@/lib/format';
import { dueTone, expiryTone } from '@/lib/dates';
import { useTranslation } from '@/lib/i18n';

export const TONE_COLOURS = { red: '#b42318', orange: '#c2410c', green: '#067647' } as const;

/** Red when past, orange when in the future, a check mark when empty. */
export function DueDate({ value, now }: { value: string | null | undefined; now?: Date }) {
  const { t } = useTranslation('operator');
  const tone = dueTone(value, now);
  if (tone === 'none') {
    return (
      <span className="due-date due-none" data-tone="none" style={{ color: TONE_COLOURS.green }} title={t('No due date')}>
        <span aria-hidden="true">✓</span>
        <span className="visually-hidden">{t('No due date')}</span>
      </span>
    );
  }
  const colour = tone === 'past' ? TONE_COLOURS.red : TONE_COLOURS.orange;
  return (
    <span className={`due-date due-${tone}`} data-tone={tone} style={{ color: colour }}>
      {formatDate(value)}
    </span>
  );
}

/** Red when expired, orange within a month, green otherwise. */
export function ExpiryBadge({ value, now }: { value: string | null | undefined; now?: Date }) {
  if (!value) return null;
  const tone = expiryTone(value, now);
  const colour = tone === 'past' ? TONE_COLOURS.red : tone === 'soon' ? TONE_COLOURS.orange : TONE_COLOURS.green;
  return (
    <span className={`badge expiry-${tone}`} data-tone={tone} style={{ backgroundColor: colour, color: '#fff' }}>
      {formatDate(value)}
    </span>
  );
}
