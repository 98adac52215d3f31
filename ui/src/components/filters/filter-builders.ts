// Each operator filter's value as builder clauses of docs/portal-api.md, through the
// same addFilter the portal lists use, so both sides send one grammar.
import { addFilter, type Builder, type DateRange } from '@/lib/builder';

export type SchedulePreset = 'today' | 'future' | '+1' | '+2' | '+3' | '-1' | '-2' | 'past';

export function textFilter(field: string, text: string): Builder {
  const b: Builder = {};
  addFilter(b, { type: 'string', field }, text.trim());
  return b;
}

/** Selected values; '(none)' sends whereNull instead of whereIn. */
export function multiSelectFilter(field: string, values: string[]): Builder {
  const b: Builder = {};
  addFilter(b, { type: 'multi_select', field, options: [], none: true }, values);
  return b;
}

export function dateRangeFilter(field: string, range: DateRange, now = new Date()): Builder {
  const b: Builder = {};
  addFilter(b, { type: 'date_between', field }, range, now);
  return b;
}

export function scheduleFilter(field: 'scheduled_at' | 'executed_at', preset: SchedulePreset | ''): Builder {
  const b: Builder = {};
  addFilter(b, { type: field, field } as { type: 'scheduled_at'; field: 'scheduled_at' }, preset);
  return b;
}

export function slaFilter(actionRequired: boolean): Builder {
  const b: Builder = {};
  addFilter(b, { type: 'sla_remaining' }, actionRequired);
  return b;
}

/** '' is no filter; '1' yes and '0' no. */
export function yesNoFilter(field: string, value: '' | '0' | '1'): Builder {
  const b: Builder = {};
  if (value === '') return b;
  addFilter(b, { type: 'boolean', field }, value);
  return b;
}

/** A picked record: field = id. */
export function searchSelectFilter(field: string, id: number | string | null): Builder {
  const b: Builder = {};
  if (id === null || id === '') return b;
  addFilter(b, { type: 'select', field, options: [] }, String(id));
  return b;
}
