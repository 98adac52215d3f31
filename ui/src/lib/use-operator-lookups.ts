import { useSession } from './session';
import type { CustomFieldDef, NamedCustomField } from '@/types/models';
import type { Operator } from '@/types/operator';

type Item = { id: number | string; label?: string; name?: string; style?: string | null };

/** The operator's lookup lists from auth/me, typed loosely as the API sends them. */
export function useOperatorLookups() {
  const { lookups } = useSession();
  const list = <T,>(key: string) => ((lookups?.[key] as T[] | undefined) ?? []);
  return {
    statuses: list<Item>('ticket_statuses'),
    priorities: list<Item>('priorities'),
    activities: list<Item>('activities'),
    operators: list<Operator>('operators'),
    // a field without a name holds no value
    customFields: list<CustomFieldDef>('custom_fields').filter((f): f is NamedCustomField => Boolean(f.name)),
  };
}
