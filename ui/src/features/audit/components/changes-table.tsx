import { useTranslation } from '@/lib/i18n';
import type { FieldChange } from '../api/get-audit-events';
import { shownValue } from './values';

type Props = {
  changes: Record<string, FieldChange>;
  caption: string;
  /** The headings of the old and the new value's columns. */
  headings: { from: string; to: string };
  /** Whether the caption is for screen readers only (the context already says it). */
  captionHidden?: boolean;
  className?: string;
};

/** Each changed field: its name, the value it had and the value it got. */
export function ChangesTable({ changes, caption, headings, captionHidden = false, className }: Props) {
  const { t } = useTranslation('operator');
  return (
    <table className={className ? `list-table ${className}` : 'list-table'}>
      <caption className={captionHidden ? 'visually-hidden' : undefined}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('Field')}</th>
          <th scope="col">{headings.from}</th>
          <th scope="col">{headings.to}</th>
        </tr>
      </thead>
      <tbody>
        {Object.entries(changes).map(([field, change]) => (
          <tr key={field}>
            <th scope="row">{field}</th>
            <td className="audit-old">{shownValue(change.from, t)}</td>
            <td className="audit-new">{shownValue(change.to, t)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
