import type { ReactNode } from 'react';
import { truncate } from '@/lib/format';
import type { Actor } from '@/types/operator';
import { useTranslation } from '@/lib/i18n';
import { TRUNCATE } from '@/lib/truncate';
import { useLookupLabel } from '@/lib/i18n';

const STYLE_COLOURS: Record<string, string> = {
  info: '#1d4ed8',
  primary: '#1d4ed8',
  ok: '#067647',
  success: '#067647',
  warning: '#c2410c',
  danger: '#b42318',
  error: '#b42318',
  secondary: '#475467',
};

/** A named, styled badge (status, priority, category...). A style may be a colour. */
export function Badge({ label, styleName }: { label: string; styleName?: string | null }) {
  const colour = styleName ? (STYLE_COLOURS[styleName] ?? (styleName.startsWith('#') ? styleName : undefined)) : undefined;
  return (
    <span className={`badge badge-${styleName ?? 'plain'}`} style={colour ? { backgroundColor: colour, color: '#fff' } : undefined}>
      {label}
    </span>
  );
}

export function StatusBadge({ status }: { status: { name: string | null; style?: string | null } | null | undefined }) {
  const label = useLookupLabel();
  return status?.name ? <Badge label={label(status.name)} styleName={status.style} /> : null;
}

export function PriorityBadge({ priority }: { priority: { label: string; style?: string | null } | null | undefined }) {
  const label = useLookupLabel();
  return priority ? <Badge label={label(priority.label)} styleName={priority.style} /> : null;
}

/** Company, ticket group and location names are struck through once archived. */
export function ArchivedName({ record, length = TRUNCATE.text }: { record: { name: string; archived_at?: string | null }; length?: number }) {
  const text = <Truncated text={record.name} length={length} />;
  return record.archived_at ? (
    <del className="archived" title={`${record.name} (archived)`}>
      {text}
    </del>
  ) : (
    text
  );
}

/** Text cut at a length; the whole text is in the tooltip. */
export function Truncated({ text, length }: { text: string | null | undefined; length: number }): ReactNode {
  if (!text) return null;
  const cut = truncate(text, length);
  return cut === text ? <span>{text}</span> : <span title={text}>{cut}</span>;
}

export const ClientName = ({ name }: { name: string | null | undefined }) => <Truncated text={name} length={TRUNCATE.clientName} />;
export const TicketDescription = ({ text }: { text: string | null | undefined }) => (
  <Truncated text={text} length={TRUNCATE.ticketDescription} />
);

/** Operators and external senders look different, so staff see at once who wrote. */
export function ActorName({ actor, externalSender }: { actor: Actor | null | undefined; externalSender?: string | null }) {
  const { t } = useTranslation('operator');
  if (!actor && externalSender) {
    return (
      <span className="actor actor-external">
        <Truncated text={externalSender} length={TRUNCATE.clientName} /> <Badge label={t('External sender')} styleName="warning" />
      </span>
    );
  }
  if (!actor) return null;
  const operator = actor.is_operator > 0;
  return (
    <span className={operator ? 'actor actor-operator' : 'actor actor-client'}>
      {actor.gravatar ? <img src={actor.gravatar} alt="" width={20} height={20} className="avatar" /> : null}
      <ClientName name={actor.full_name} />
      {operator ? (
        <>
          {' '}
          <Badge label={t('Operator')} styleName="info" />
        </>
      ) : null}
    </span>
  );
}
