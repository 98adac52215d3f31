import type { ReactNode } from 'react';
import { formatDate, formatDateTime, formatEuro, formatMinutes, formatQuantity } from '@/lib/format';
import { useTranslation, type OperatorKey } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { ArchivedName } from './badges';
import { ExpiryDate } from '@/components/ui/tone-badge';
import { RouteLink } from './route-link';

type Row = Record<string, unknown>;
type Embedded = { id: number | string; name?: string; full_name?: string; label?: string; description?: string; archived_at?: string | null };

/** How one value of a record is shown: always labelled, formatted and translated. */
export type Fact =
  | { label: OperatorKey; field: string; as: 'text' | 'email' | 'date' | 'datetime' | 'money' | 'hours' | 'minutes' | 'boolean' | 'expiry' | 'period' }
  /** The record's own name, struck through once it is archived. */
  | { label: OperatorKey; field: string; as: 'archivable' }
  /** An embedded record ({id, name}) by its name, linked to its page when a route is given. */
  | { label: OperatorKey; field: string; as: 'relation'; route?: string }
  | { label: OperatorKey; field: string; as: 'relations'; route?: string }
  /** An id of one of the session's lookup lists (asset statuses, services...) by its label. */
  | { label: OperatorKey; field: string; as: 'lookup'; lookup: string; key?: string }
  /** A number or text out of a fixed set, by its translated name. */
  | { label: OperatorKey; field: string; as: 'choice'; options: Record<string, OperatorKey> };

/** SPEC §3.2: contract and subscription periods; none means a prepaid card. */
export const PERIODS: Record<string, OperatorKey> = { month: 'Month', quarter: 'Quarter', year: 'Year' };

const nameOf = (r: Embedded) => r.name ?? r.full_name ?? r.label ?? r.description ?? '';

function EmbeddedName({ record, route }: { record: Embedded; route?: string }) {
  const name = record.archived_at !== undefined && record.name ? <ArchivedName record={{ name: record.name, archived_at: record.archived_at }} /> : nameOf(record);
  return route ? (
    <RouteLink name={route} id={record.id}>
      {name}
    </RouteLink>
  ) : (
    <>{name}</>
  );
}

/** One fact's value as the page shows it; null when there is nothing to show. */
export function useFactValue() {
  const { t, language } = useTranslation('operator');
  const { lookups } = useSession();
  return (fact: Fact, record: Row): ReactNode => {
    const value = record[fact.field];
    if (fact.as === 'boolean') return value === null || value === undefined ? null : value ? t('Yes') : t('No');
    if (fact.as === 'period') {
      if (fact.field in record && !value) return t('Prepaid card');
      return typeof value === 'string' ? (PERIODS[value] ? t(PERIODS[value]) : value) : null;
    }
    if (value === null || value === undefined || value === '') return null;
    switch (fact.as) {
      case 'date':
        return formatDate(String(value));
      case 'datetime':
        return formatDateTime(String(value));
      case 'expiry':
        // Marked in colour and in words once it has passed or nearly has.
        return <ExpiryDate value={String(value)} long />;
      case 'money':
        return formatEuro(value as number | string);
      case 'hours':
        return t('{n} hours', { n: formatQuantity(value as number | string, language) });
      case 'minutes':
        return formatMinutes(Number(value));
      case 'archivable':
        return <ArchivedName record={{ name: String(value), archived_at: record.archived_at as string | null | undefined }} length={200} />;
      case 'email':
        return <a href={`mailto:${String(value)}`}>{String(value)}</a>;
      case 'relation':
        return typeof value === 'object' ? <EmbeddedName record={value as Embedded} route={fact.route} /> : null;
      case 'relations': {
        const list = Array.isArray(value) ? (value as Embedded[]) : [];
        if (!list.length) return null;
        return (
          <ul className="fact-list">
            {list.map((r) => (
              <li key={r.id}>
                <EmbeddedName record={r} route={fact.route} />
              </li>
            ))}
          </ul>
        );
      }
      case 'lookup': {
        const items = (lookups?.[fact.lookup] as { id: unknown; label?: string; name?: string; [k: string]: unknown }[] | undefined) ?? [];
        // A list row may carry the item itself ({id, label}) rather than its id.
        const wanted = typeof value === 'object' ? (value as { id?: unknown }).id : value;
        const found = items.find((item) => String(item[fact.key ?? 'id']) === String(wanted));
        return found ? String(found.label ?? found.name) : null;
      }
      case 'choice': {
        const key = fact.options[String(value)];
        return key ? t(key) : null;
      }
      default:
        return String(value);
    }
  };
}

/** A record's values under their labels; a value that is not there shows as a dash. */
export function RecordFacts({ facts, record }: { facts: Fact[]; record: Row }) {
  const valueOf = useFactValue();
  const { t } = useTranslation('operator');
  return (
    <dl className="detail-list record-facts">
      {facts.map((fact) => {
        const shown = valueOf(fact, record);
        return (
          <div key={fact.field + fact.label}>
            <dt>{t(fact.label)}</dt>
            <dd>{shown ?? <span aria-label={t('Not set')}>–</span>}</dd>
          </div>
        );
      })}
    </dl>
  );
}
