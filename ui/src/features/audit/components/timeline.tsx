import { useTranslation } from '@/lib/i18n';
import type { AuditEvent } from '../api/get-audit-events';
import { shownTime, shownValue } from './values';
import { Who } from './who';

type Props = { events: AuditEvent[]; onShowVersion: (version: number) => void };

/** Every event of the record, oldest first: when, who, what, and each field from -> to. */
export function Timeline({ events, onShowVersion }: Props) {
  const { t } = useTranslation('operator');
  return (
    <ol className="audit-timeline" aria-label={t('Timeline')}>
      {events.map((event) => {
        const changes = Object.entries(event.changes);
        return (
          <li key={event.version} className="audit-event">
            <p className="audit-event-head">
              <strong>{event.type}</strong>{' '}
              <span className="audit-version">{t('Version {n}', { n: event.version })}</span>{' '}
              <time dateTime={event.time_utc} title={`UTC ${shownTime(event.time_utc)}`}>
                {shownTime(event.time)}
              </time>{' '}
              <Who actor={event.actor} />{' '}
              <button type="button" className="link-button" onClick={() => onShowVersion(event.version)}>
                {t('Show version {n}', { n: event.version })}
              </button>
            </p>
            {changes.length > 0 && (
              <table className="list-table audit-changes">
                <caption className="visually-hidden">{t('What changed in version {n}', { n: event.version })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('Field')}</th>
                    <th scope="col">{t('From')}</th>
                    <th scope="col">{t('To')}</th>
                  </tr>
                </thead>
                <tbody>
                  {changes.map(([field, change]) => (
                    <tr key={field}>
                      <th scope="row">{field}</th>
                      <td className="audit-old">{shownValue(change.from, t)}</td>
                      <td className="audit-new">{shownValue(change.to, t)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </li>
        );
      })}
    </ol>
  );
}
