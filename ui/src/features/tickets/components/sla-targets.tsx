import { InfoCard } from '@/components/ui/info-card';
import { targetOutcome } from '@/components/display/sla-clock';
import { dateFormat } from '@/lib/format';
import { useLanguage, useTranslation } from '@/lib/i18n';
import type { TicketDetail } from '../api/types';

type Outcome = ReturnType<typeof targetOutcome>;

// The due moment in the client's language and in its own time zone (the browser's), the
// zone named, since the provider's opening hours may run in another one.
const MOMENT: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' };

/** The client's view of its ticket's SLA: when a first response and a resolution are due,
 * and whether each was met. */
export function SlaTargets({ ticket, now = Date.now() }: { ticket: TicketDetail; now?: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (!ticket.sla_state) return null;
  // The client sees only what was sent to it: the first operator message in its thread
  // is the first response.
  const response = (ticket.messages ?? []).find((m) => !m.is_from_client && m.type !== 'status-changed')?.created_at;
  const labels: Record<Outcome, string> = { met: t('sla.met'), missed: t('sla.missed'), paused: t('sla.paused'), due: t('sla.due') };
  const target = (label: string, due: string | null | undefined, done: string | null | undefined) => {
    if (!due) return null;
    const result = targetOutcome(due, done, ticket.sla_state, now);
    return (
      <InfoCard label={label}>
        <span className={`sla-target sla-${result}`} data-outcome={result}>
          {dateFormat(language, MOMENT).format(new Date(due))} · {result === 'met' && <span aria-hidden="true">✓ </span>}
          {labels[result]}
        </span>
      </InfoCard>
    );
  };
  return (
    <>
      {target(t('sla.response'), ticket.response_due_at, response)}
      {target(t('sla.resolution'), ticket.resolution_due_at, ticket.resolved_at)}
    </>
  );
}
