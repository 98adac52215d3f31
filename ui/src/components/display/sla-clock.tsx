import type { components } from '@/types/api';
import { formatDateTime } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { TONE_COLOURS } from './due-date';

/** The SLA fields every operator ticket row and detail carries. */
export type SlaFields = Pick<components['schemas']['TicketRow'], 'sla_state' | 'response_due_at' | 'resolution_due_at' | 'sla_minutes_left'>;
export type SlaState = NonNullable<SlaFields['sla_state']>;
export type SlaTone = 'none' | 'met' | 'paused' | 'past' | 'warning' | 'running';

/** How the clock reads: red once past, orange within the warning, a check mark when met,
 * a pause mark while paused; a clock without SLA shows nothing. */
export function slaTone(state: SlaFields['sla_state'], minutesLeft: number | null | undefined): SlaTone {
  if (!state) return 'none';
  if (state === 'met') return 'met';
  if (state === 'paused') return 'paused';
  if (state === 'breached' || (minutesLeft !== null && minutesLeft !== undefined && minutesLeft < 0)) return 'past';
  if (state === 'warned') return 'warning';
  return 'running';
}

/** Business minutes as "2 h 15 m", "45 m" or "-35 m" (the sign kept once past). */
export function useSlaDuration(): (minutes: number) => string {
  const { t } = useTranslation('operator');
  return (minutes) => {
    const sign = minutes < 0 ? '-' : '';
    const abs = Math.abs(Math.trunc(minutes));
    const hours = Math.floor(abs / 60);
    const rest = abs % 60;
    const text = hours > 0 ? t('{h} h {m} m', { h: hours, m: rest }) : t('{m} m', { m: rest });
    return `${sign}${text}`;
  };
}

const COLOUR: Partial<Record<SlaTone, string>> = { past: TONE_COLOURS.red, warning: TONE_COLOURS.orange, met: TONE_COLOURS.green };

/** The time a ticket has left on its SLA, in business time, coloured by its state. */
export function SlaClock({ ticket }: { ticket: SlaFields }) {
  const { t } = useTranslation('operator');
  const duration = useSlaDuration();
  const tone = slaTone(ticket.sla_state, ticket.sla_minutes_left);
  if (tone === 'none') return null;
  const left = ticket.sla_minutes_left;
  const mark = tone === 'met' ? '✓' : tone === 'paused' ? '⏸' : null;
  const states: Record<SlaTone, string> = {
    none: '',
    met: t('SLA met'),
    paused: t('SLA paused'),
    past: t('SLA breached'),
    warning: t('SLA warning'),
    running: t('SLA running'),
  };
  const due = [
    ticket.response_due_at ? `${t('Response due')}: ${formatDateTime(ticket.response_due_at)}` : null,
    ticket.resolution_due_at ? `${t('Resolution due')}: ${formatDateTime(ticket.resolution_due_at)}` : null,
  ].filter(Boolean);
  return (
    <span className={`sla-clock sla-${tone}`} data-tone={tone} style={COLOUR[tone] ? { color: COLOUR[tone] } : undefined} title={[states[tone], ...due].join('\n')}>
      {mark && <span aria-hidden="true">{mark} </span>}
      {tone !== 'met' && left !== null && left !== undefined ? duration(left) : null}
      <span className="visually-hidden"> {states[tone]}</span>
    </span>
  );
}

type Outcome = 'met' | 'missed' | 'paused' | 'due';

/** A target met when it was done by its due moment, missed once the moment passed
 * without it (or it was done late), else still due (or paused). */
export function targetOutcome(due: string, done: string | null | undefined, state: SlaFields['sla_state'], now = Date.now()): Outcome {
  const dueAt = new Date(due).getTime();
  if (done) return new Date(done).getTime() <= dueAt ? 'met' : 'missed';
  if (state === 'met') return 'met';
  if (dueAt < now) return 'missed';
  return state === 'paused' ? 'paused' : 'due';
}

const OUTCOME_COLOUR: Partial<Record<Outcome, string>> = { met: TONE_COLOURS.green, missed: TONE_COLOURS.red };

function TargetDue({ label, value, done, state }: { label: string; value: string | null | undefined; done: string | null | undefined; state: SlaFields['sla_state'] }) {
  const { t } = useTranslation('operator');
  if (!value) return null;
  const outcome = targetOutcome(value, done, state);
  return (
    <>
      <dt>{label}</dt>
      <dd className="sla-due" data-tone={outcome} style={OUTCOME_COLOUR[outcome] ? { color: OUTCOME_COLOUR[outcome] } : undefined}>
        {formatDateTime(value)}
        {outcome === 'met' && <span title={t('SLA met')}> ✓</span>}
      </dd>
    </>
  );
}

/** The moments a ticket's targets were reached: its first client-visible operator
 * reply (the response) and its resolution. */
type Reached = {
  resolved_at?: string | null;
  messages?: { is_from_client: number | boolean; visible_to_client: number | boolean; type: string; created_at: string | null }[];
};

/** The ticket page's SLA block: the clock and both targets' due moments. */
export function SlaTargets({ ticket }: { ticket: SlaFields & Reached }) {
  const { t } = useTranslation('operator');
  if (!ticket.sla_state) return null;
  const response = (ticket.messages ?? []).find((m) => !m.is_from_client && m.visible_to_client && m.type !== 'status-changed')?.created_at;
  return (
    <section className="sla-targets" aria-label={t('SLA')}>
      <dl>
        <dt>{t('Time left')}</dt>
        <dd>
          <SlaClock ticket={ticket} />
        </dd>
        <TargetDue label={t('Response due')} value={ticket.response_due_at} done={response} state={ticket.sla_state} />
        <TargetDue label={t('Resolution due')} value={ticket.resolution_due_at} done={ticket.resolved_at} state={ticket.sla_state} />
      </dl>
    </section>
  );
}
