import { useTranslation } from '@/lib/i18n';
import type { AuditEvent } from '../api/get-audit-events';
import { ChangesTable } from './changes-table';
import { shownTime } from './values';
import { Who } from './who';

type Props = { events: AuditEvent[]; onShowVersion: (version: number) => void };

/** Every event of the record, oldest first: when, who, what, and each field from -> to. */
export function Timeline({ events, onShowVersion }: Props) {
  const { t } = useTranslation('operator');
  return (
    <ol className="audit-timeline" aria-label={t('Timeline')}>
      {events.map((event) => (
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
          {Object.keys(event.changes).length > 0 && (
            <ChangesTable
              className="audit-changes"
              changes={event.changes}
              caption={t('What changed in version {n}', { n: event.version })}
              captionHidden
              headings={{ from: t('From'), to: t('To') }}
            />
          )}
        </li>
      ))}
    </ol>
  );
}
