import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError, quietClient, unwrap } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useOperatorLookups } from '@/lib/use-operator-lookups';
import { useTranslation, type OperatorKey } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import type { components } from '@/types/api';

type SlaItem = components['schemas']['SLAItem'];
type PauseStatus = NonNullable<SlaItem['pause_statuses']>[number];
const PAUSABLE: PauseStatus[] = ['open', 'waiting_for_reply', 'got_reply', 'scheduled'];
const DEFAULT_PAUSE: PauseStatus[] = ['waiting_for_reply', 'scheduled'];

type Targets = { response: string; resolution: string };
type Values = {
  calendar_id: string;
  default_targets: Targets;
  priority_targets: Record<string, Targets>;
  pause_statuses: PauseStatus[];
  warn_percent: string;
};

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
const minutes = (s: string) => (s.trim() === '' ? null : Number(s));
const targetsOf = (t: components['schemas']['SlaTargets'] | null | undefined): Targets => ({ response: text(t?.response_minutes), resolution: text(t?.resolution_minutes) });

function valuesOf(sla: SlaItem): Values {
  return {
    calendar_id: text(sla.calendar_id),
    default_targets: targetsOf(sla.default_targets),
    priority_targets: Object.fromEntries(Object.entries(sla.priority_targets ?? {}).map(([id, t]) => [id, targetsOf(t)])),
    pause_statuses: sla.pause_statuses ?? DEFAULT_PAUSE,
    warn_percent: text(sla.warn_percent ?? 80),
  };
}

const MINUTES = { min: { value: 1, message: 'At least 1 minute' }, pattern: { value: /^\d*$/, message: 'Whole minutes' } } as const;

/** An SLA policy's clock: its calendar, first-response and resolution targets (by default
 * and per priority, in business minutes), the statuses that pause it and the warning. */
export function SlaPolicyForm({ sla }: { sla: SlaItem }) {
  const { t } = useTranslation('operator');
  const { lookups } = useSession();
  const { priorities } = useOperatorLookups();
  const calendars = (lookups?.business_hour_contracts ?? []) as { id: number; label: string }[];
  const ids = { calendar: useId(), warn: useId() };
  const { register, handleSubmit, setError, reset, formState } = useForm<Values>({ defaultValues: valuesOf(sla) });
  const { errors, isSubmitting } = formState;
  const statusLabels: Record<PauseStatus, string> = { open: t('Open'), waiting_for_reply: t('Waiting for reply'), got_reply: t('Got a reply'), scheduled: t('Scheduled') };

  const submit = handleSubmit(async (v) => {
    const priorityTargets = Object.fromEntries(
      Object.entries(v.priority_targets)
        .map(([id, p]) => [id, { response_minutes: minutes(p.response), resolution_minutes: minutes(p.resolution) }] as const)
        .filter(([, p]) => p.response_minutes !== null || p.resolution_minutes !== null),
    );
    try {
      const saved = await unwrap(
        quietClient.PUT('/api/slas/{item_id}', {
          params: { path: { item_id: sla.id } },
          body: {
            label: sla.label,
            calendar_id: v.calendar_id ? Number(v.calendar_id) : null,
            default_targets: { response_minutes: minutes(v.default_targets.response), resolution_minutes: minutes(v.default_targets.resolution) },
            priority_targets: priorityTargets,
            pause_statuses: v.pause_statuses,
            warn_percent: Number(v.warn_percent),
          },
        }),
      );
      reset(valuesOf(saved as SlaItem));
      toast.success(t('Item updated.'));
    } catch (e) {
      const named = Object.entries(e instanceof ApiError ? (e.body?.errors ?? {}) : {});
      if (named.length === 0) setError('root.server', { type: 'server', message: e instanceof Error ? e.message : String(e) });
      for (const [key, texts] of named) {
        const message = ([] as string[]).concat(texts)[0] ?? '';
        const field = key.replace(/^body\./, '');
        if (field === 'warn_percent' || field === 'calendar_id') setError(field, { type: 'server', message });
        else setError('root.server', { type: 'server', message: `${field}: ${message}` });
      }
    }
  });

  const error = (message: string | undefined) => (message ? <span role="alert" className="field-error">{t(message as OperatorKey)}</span> : null);
  const targetInputs = (prefix: `default_targets` | `priority_targets.${string}`, label: string) => (
    <tr key={prefix}>
      <th scope="row">{label}</th>
      {(['response', 'resolution'] as const).map((kind) => (
        <td key={kind}>
          <input
            type="number"
            min={1}
            inputMode="numeric"
            aria-label={`${label}: ${kind === 'response' ? t('First response (minutes)') : t('Resolution (minutes)')}`}
            {...register(`${prefix}.${kind}` as `default_targets.response`, MINUTES)}
          />
        </td>
      ))}
    </tr>
  );

  return (
    <form className="sla-policy" aria-label={t('SLA clock')} onSubmit={(e) => void submit(e)} noValidate>
      <h2>{t('SLA clock')}</h2>
      <div className="field">
        <label htmlFor={ids.calendar}>{t('Business hours')}</label>
        <select id={ids.calendar} {...register('calendar_id')}>
          <option value="">{t('(default)')}</option>
          {calendars.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.label}
            </option>
          ))}
        </select>
        {error(errors.calendar_id?.message)}
      </div>
      <table className="sla-targets-table">
        <caption>{t('Targets in business minutes')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('Priority')}</th>
            <th scope="col">{t('First response (minutes)')}</th>
            <th scope="col">{t('Resolution (minutes)')}</th>
          </tr>
        </thead>
        <tbody>
          {targetInputs('default_targets', t('Every priority'))}
          {priorities.map((p) => targetInputs(`priority_targets.${p.id}`, p.label ?? String(p.id)))}
        </tbody>
      </table>
      {error(errors.default_targets?.response?.message ?? errors.default_targets?.resolution?.message)}
      <fieldset>
        <legend>{t('Statuses that pause the clock')}</legend>
        {PAUSABLE.map((s) => (
          <label key={s}>
            <input type="checkbox" value={s} {...register('pause_statuses')} /> {statusLabels[s]}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={ids.warn}>{t('Warn at (% of a target used)')}</label>
        <input
          id={ids.warn}
          type="number"
          min={1}
          max={99}
          {...register('warn_percent', { required: 'Required', min: { value: 1, message: 'Between 1 and 99' }, max: { value: 99, message: 'Between 1 and 99' } })}
        />
        {error(errors.warn_percent?.message)}
      </div>
      {errors.root?.server && <p role="alert">{errors.root.server.message}</p>}
      <button type="submit" className="primary" disabled={isSubmitting}>
        {t('Save')}
      </button>
    </form>
  );
}
