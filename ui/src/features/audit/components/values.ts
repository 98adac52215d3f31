// How the auditor screen shows times and values: a time on the tenant's clock as the API
// gives it (YYYY-MM-DD HH:mm:ss, SPEC §5, with its offset), a value as text.
import type { Translate } from '@/lib/i18n';

const LONGEST = 80;
/** The record's bookkeeping, which the state view leaves out as the changes do. */
const BOOKKEEPING = new Set(['model', 'id', 'version', 'created_on', 'modified_on', 'chain', 'tenant_id']);

/** '2026-11-26T10:18:21.5+01:00' as '2026-11-26 10:18:21 +01:00': the tenant's clock, unconverted. */
export function shownTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(?:\.\d+)?(Z|[+-]\d{2}:\d{2})?$/.exec(iso);
  if (!match) return iso;
  const [, day, time, zone] = match;
  return `${day} ${time}${zone ? ` ${zone === 'Z' ? 'UTC' : zone}` : ''}`;
}

/** A value as text: empty as a dash, yes or no, lists joined, long text cut short. */
export function shownValue(value: unknown, t: Translate<'operator'>): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? t('Yes') : t('No');
  if (Array.isArray(value)) return value.length ? value.map((v) => shownValue(v, t)).join(', ') : '—';
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  return text.length > LONGEST ? `${text.slice(0, LONGEST)}… (${text.length})` : text;
}

/** A record as [path, value] pairs, named as the changes name them (lines[2].price). */
export function flatten(record: Record<string, unknown> | null | undefined): [string, unknown][] {
  const out: [string, unknown][] = [];
  const walk = (value: unknown, path: string) => {
    if (isRecord(value)) {
      for (const [key, item] of Object.entries(value)) walk(item, path ? `${path}.${key}` : key);
    } else if (Array.isArray(value) && value.length > 0 && value.every(isRecord)) {
      const ids = value.map((item) => item.id);
      const keyed = ids.every((i) => typeof i === 'string' || typeof i === 'number') && new Set(ids).size === ids.length;
      value.forEach((item, place) => {
        const { id, ...rest } = item;
        if (keyed) walk(rest, `${path}[${String(id)}]`);
        else walk(item, `${path}[${place}]`);
      });
    } else if (!(value === null || (Array.isArray(value) && value.length === 0))) {
      out.push([path, value]);
    }
  };
  for (const [key, value] of Object.entries(record ?? {})) if (!BOOKKEEPING.has(key)) walk(value, key);
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
