import './audit.css';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '@/lib/api-client';
import { useTranslation } from '@/lib/i18n';
import { OPERATOR_BASE } from '@/lib/workspace-paths';
import { useDownloadAuditCsv } from '../api/download-audit-csv';
import { useAuditEvents, type AuditEvent } from '../api/get-audit-events';
import type { StateQuery } from '../api/get-audit-state';
import { AUDITED, modelLabel } from './models';
import { MomentPicker } from './moment-picker';
import { Timeline } from './timeline';
import { VersionDiff } from './version-diff';

/** The fields that name a record, latest value first found wins. */
const NAMING = ['reference', 'code', 'name', 'fields.description', 'description'];

/** What the record was last called, from its own changes (a reference, code or name). */
function recordName(events: AuditEvent[]): string | null {
  for (const field of NAMING) {
    for (const event of [...events].reverse()) {
      const change = event.changes[field];
      if (change && typeof change.to === 'string' && change.to) return change.to;
    }
  }
  return null;
}

/** /operator/audit/:model/:id: a record's timeline, the record at a moment, two versions compared. */
export function AuditRecordPage() {
  const { t } = useTranslation('operator');
  const { model = '', id = '' } = useParams();
  const events = useAuditEvents(model, id);
  const [asked, setAsked] = useState<StateQuery | null>(null);
  const download = useDownloadAuditCsv();
  const label = modelLabel(model);
  const data = events.data;
  const name = data ? (recordName(data.events) ?? data.id) : null;
  const title = name ? t('History of {record}', { record: `${label ? t(label) : model} ${name}` }) : t('History');
  useEffect(() => {
    document.title = title;
  }, [title]);

  if (events.isError) {
    const missing = events.error instanceof ApiError && (events.error.status === 404 || events.error.status === 422);
    return <p role="alert">{missing ? t('No such record.') : t('Could not load the history.')}</p>;
  }
  if (!data) return <p role="status">{t('Loading…')}</p>;
  return (
    <article className="audit-page">
      <h1>{title}</h1>
      <p>
        <Link to={`${OPERATOR_BASE}/${model}/${data.id}`}>{t('Back to the record')}</Link>
        {' · '}
        <Link to={`${OPERATOR_BASE}/audit`}>{t('Audit')}</Link>{' '}
        <button type="button" disabled={download.isPending} onClick={() => download.mutate({ model, id: data.id })}>
          {t('Download CSV')}
        </button>
      </p>
      <p className="audit-zone">{t("Times are on the tenant's clock ({zone}); hover a time for UTC.", { zone: data.time_zone })}</p>
      <MomentPicker model={model} id={data.id} zone={data.time_zone} events={data.events} asked={asked} onAsk={setAsked} />
      <VersionDiff model={model} id={data.id} events={data.events} />
      <section aria-labelledby="audit-timeline-title">
        <h2 id="audit-timeline-title">{t('Timeline')}</h2>
        <Timeline events={data.events} onShowVersion={(version) => setAsked({ version })} />
      </section>
    </article>
  );
}

type Find = { model: string; ref: string };

/** /operator/audit: open the history of a record by its kind and reference or id. */
export function AuditIndexPage() {
  const { t } = useTranslation('operator');
  const navigate = useNavigate();
  const ids = { model: useId(), ref: useId(), error: useId() };
  const { register, handleSubmit, formState } = useForm<Find>({ defaultValues: { model: 'tickets', ref: '' } });
  useEffect(() => {
    document.title = t('Audit');
  }, [t]);
  const error = formState.errors.ref;
  return (
    <section className="audit-page">
      <h1>{t('Audit')}</h1>
      <p>{t("Every change of a record: who made it, when, and each field's old and new value.")}</p>
      <form
        aria-label={t('Open a history')}
        noValidate
        onSubmit={handleSubmit((v) => navigate(`${OPERATOR_BASE}/audit/${v.model}/${encodeURIComponent(v.ref.trim())}`))}
      >
        <label htmlFor={ids.model}>{t('Record type')}</label>{' '}
        <select id={ids.model} {...register('model')}>
          {AUDITED.map((m) => (
            <option key={m.model} value={m.model}>
              {t(m.label)}
            </option>
          ))}
        </select>{' '}
        <label htmlFor={ids.ref}>{t('Reference or id')}</label>{' '}
        <input
          id={ids.ref}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
          {...register('ref', { validate: (v) => v.trim() !== '' || t('Reference or id is required') })}
        />{' '}
        <button type="submit" className="primary">
          {t('Open history')}
        </button>
        {error && (
          <span id={ids.error} role="alert">
            {error.message}
          </span>
        )}
      </form>
    </section>
  );
}
