import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n';
import { useAuditDiff, type Versions } from '../api/get-audit-diff';
import type { AuditEvent } from '../api/get-audit-events';
import { ChangesTable } from './changes-table';
import { shownTime } from './values';

type Props = { model: string; id: string; events: AuditEvent[] };
type Values = { old: string; new: string };

/** Two versions side by side: each field that differs, its old and its new value. */
export function VersionDiff({ model, id, events }: Props) {
  const { t } = useTranslation('operator');
  const ids = { title: useId(), old: useId(), new: useId() };
  const newest = events.length;
  const { register, handleSubmit } = useForm<Values>({ defaultValues: { old: '1', new: String(newest) } });
  const [versions, setVersions] = useState<Versions | null>(null);
  const diff = useAuditDiff(model, id, versions);
  const option = (event: AuditEvent) => (
    <option key={event.version} value={event.version}>
      {t('Version {n}', { n: event.version })} · {event.type} · {shownTime(event.time)}
    </option>
  );

  return (
    <section className="detail-card audit-diff" aria-labelledby={ids.title}>
      <h2 id={ids.title}>{t('Compare two versions')}</h2>
      <form aria-label={t('Compare two versions')} onSubmit={handleSubmit((v) => setVersions({ old: Number(v.old), new: Number(v.new) }))}>
        <label htmlFor={ids.old}>{t('Old version')}</label>{' '}
        <select id={ids.old} {...register('old')}>
          {events.map(option)}
        </select>{' '}
        <label htmlFor={ids.new}>{t('New version')}</label>{' '}
        <select id={ids.new} {...register('new')}>
          {events.map(option)}
        </select>{' '}
        <button type="submit" className="primary">
          {t('Compare')}
        </button>
      </form>
      {diff.isError && <p role="alert">{t('Could not load the history.')}</p>}
      {diff.data &&
        (Object.keys(diff.data.changes).length === 0 ? (
          <p className="empty">{t('No differences.')}</p>
        ) : (
          <ChangesTable
            className="audit-diff-table"
            changes={diff.data.changes}
            caption={t('Version {old} against version {new}', { old: diff.data.old.version, new: diff.data.new.version })}
            headings={{ from: t('Old value'), to: t('New value') }}
          />
        ))}
    </section>
  );
}
