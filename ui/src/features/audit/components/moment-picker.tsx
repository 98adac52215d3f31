import { useForm } from 'react-hook-form';
import { useId } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useAuditState, type StateQuery } from '../api/get-audit-state';
import { shownTime, shownValue, flatten } from './values';
import { Who } from './who';
import type { AuditEvent } from '../api/get-audit-events';

type Values = { moment: string };
type Props = {
  model: string;
  id: string;
  zone: string;
  events: AuditEvent[];
  asked: StateQuery | null;
  onAsk: (asked: StateQuery) => void;
};

/**
 * Pick a moment (on the tenant's clock, to the second) and see the record as it was then;
 * the timeline's 'show version' asks for a version the same way.
 */
export function MomentPicker({ model, id, zone, events, asked, onAsk }: Props) {
  const { t } = useTranslation('operator');
  const ids = { moment: useId(), error: useId() };
  const { register, handleSubmit, formState } = useForm<Values>({ defaultValues: { moment: '' } });
  const state = useAuditState(model, id, asked);
  const answer = state.data;
  const last = answer && answer.version > 0 ? events[answer.version - 1] : undefined;
  const error = formState.errors.moment;

  return (
    <section className="detail-card audit-moment" aria-labelledby={`${ids.moment}-title`}>
      <h2 id={`${ids.moment}-title`}>{t('The record as it was')}</h2>
      <form aria-label={t('Choose a moment')} noValidate onSubmit={handleSubmit((v) => onAsk({ at: v.moment }))}>
        <label htmlFor={ids.moment}>{t('Moment ({zone})', { zone })}</label>{' '}
        <input
          id={ids.moment}
          type="datetime-local"
          step={1}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
          {...register('moment', { required: t('Choose a moment') })}
        />{' '}
        <button type="submit" className="primary">
          {t('Show')}
        </button>
        {error && (
          <span id={ids.error} role="alert">
            {error.message}
          </span>
        )}
      </form>
      {state.isError && <p role="alert">{t('Could not load the history.')}</p>}
      {answer && (
        <div aria-live="polite" aria-label={t('As it was')}>
          {answer.at && (
            <p className="audit-read-as">
              {answer.at.zone_assumed
                ? t("Read in the tenant's time zone {zone}: {time}", { zone: answer.at.time_zone, time: shownTime(answer.at.time) })
                : t('Read with its own zone: {time}', { time: shownTime(answer.at.time) })}{' '}
              <span className="audit-utc">({shownTime(answer.at.time_utc)})</span>
            </p>
          )}
          {answer.state === null ? (
            <p className="empty">{t('It did not exist yet at that moment.')}</p>
          ) : (
            <>
              <p>
                {t('Version {n}', { n: answer.version })}
                {last && (
                  <>
                    {' · '}
                    {last.type} · {shownTime(last.time)} · <Who actor={last.actor} />
                  </>
                )}
              </p>
              <table className="list-table audit-state">
                <caption className="visually-hidden">{t('The record as it was')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('Field')}</th>
                    <th scope="col">{t('Value')}</th>
                  </tr>
                </thead>
                <tbody>
                  {flatten(answer.state).map(([field, value]) => (
                    <tr key={field}>
                      <th scope="row">{field}</th>
                      <td>{shownValue(value, t)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
        </div>
      )}
    </section>
  );
}
