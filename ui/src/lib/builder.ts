// Turns the list screen's filter, order and page-size state into the builder object of
// docs/portal-api.md, and the builder object into query parameters.
import { dutchDateToIso, isoDate } from './format';

export type Option = { value: string; label: string };

export const NONE = '__none__';
export const DATE_PRESETS = ['today', 'future', 'past', '+1', '+2', '+3', '-1', '-2'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

export type FilterDef =
  | { type: 'string'; field: string }
  | { type: 'select'; field: string; options: Option[] }
  | { type: 'multi_select'; field: string; options: Option[]; none?: boolean }
  | { type: 'relation'; relation: string; field: string }
  | { type: 'morph_to'; field: string; options: Option[] }
  | { type: 'boolean'; field: string }
  | { type: 'line_type'; field: string; options: Option[] }
  | { type: 'lte'; field: string }
  | { type: 'date_between'; field: string }
  | { type: 'scheduled_at'; field: 'scheduled_at' }
  | { type: 'executed_at'; field: 'executed_at' }
  | { type: 'sla_remaining' }
  | { type: 'custom_field'; name: string };

export type DateRange = { from?: string; to?: string; preset?: DatePreset };
export type FilterValue = string | string[] | DateRange | boolean;

export type Order = { field: string; direction: 'asc' | 'desc'; relation?: string };

export type Builder = {
  paginate?: number;
  orderBy?: string[][];
  where?: string[][];
  whereNull?: string[];
  whereNotNull?: string[];
  whereIn?: [string, string[]][];
  whereBetween?: [string, [string, string]][];
  whereHas?: string[][];
  doesntHave?: string[];
  customField?: string[][];
  s?: string;
};

/** Whether a filter value means "no filter". */
export function isEmptyFilter(value: FilterValue | undefined): boolean {
  if (value === undefined || value === '' || value === false) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return !value.preset && !value.from && !value.to;
  return false;
}

/** '(none)' excludes every other choice, and every other choice excludes '(none)'. */
export function toggleMultiSelect(current: string[], value: string): string[] {
  if (current.includes(value)) return current.filter((v) => v !== value);
  if (value === NONE) return [NONE];
  return [...current.filter((v) => v !== NONE), value];
}

function addDays(now: Date, days: number) {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  d.setDate(d.getDate() + days);
  return isoDate(d);
}

function dateClauses(b: Builder, field: string, range: DateRange, now: Date) {
  if (range.preset) {
    const today = addDays(now, 0);
    if (range.preset === 'future') (b.where ??= []).push([field, '>', today]);
    else if (range.preset === 'past') (b.where ??= []).push([field, '<', today]);
    else {
      const day = addDays(now, range.preset === 'today' ? 0 : Number(range.preset));
      (b.whereBetween ??= []).push([field, [day, day]]);
    }
    return;
  }
  const from = range.from ? dutchDateToIso(range.from) : null;
  const to = range.to ? dutchDateToIso(range.to) : null;
  if (from && to) (b.whereBetween ??= []).push([field, [from, to]]);
  else if (from) (b.where ??= []).push([field, '>=', from]);
  else if (to) (b.where ??= []).push([field, '<=', to]);
}

/** Adds the clauses of one column filter to the builder. */
export function addFilter(b: Builder, def: FilterDef, value: FilterValue, now = new Date()): void {
  if (isEmptyFilter(value)) return;
  switch (def.type) {
    case 'string':
      (b.where ??= []).push([def.field, 'like', `%${String(value)}%`]);
      return;
    case 'select':
    case 'line_type':
    case 'morph_to':
      (b.where ??= []).push([def.field, '=', String(value)]);
      return;
    case 'boolean':
      (b.where ??= []).push([def.field, '=', value === '1' || value === true ? '1' : '0']);
      return;
    case 'multi_select': {
      const values = value as string[];
      if (values.includes(NONE)) (b.whereNull ??= []).push(def.field);
      else (b.whereIn ??= []).push([def.field, values]);
      return;
    }
    case 'relation':
      (b.whereHas ??= []).push([def.relation, def.field, 'like', `%${String(value)}%`]);
      return;
    case 'lte':
      (b.where ??= []).push([def.field, '<=', String(value)]);
      return;
    case 'date_between':
      dateClauses(b, def.field, value as DateRange, now);
      return;
    case 'scheduled_at':
    case 'executed_at':
      (b.where ??= []).push([def.field, 'preset', String(value)]);
      return;
    case 'sla_remaining':
      (b.where ??= []).push(['sla_remaining', 'action_required', '1']);
      return;
    case 'custom_field':
      (b.customField ??= []).push([def.name, 'like', `%${String(value)}%`]);
      return;
  }
}

/** Merges two builders (a preset's saved filter and the column filters). */
export function mergeBuilders(a: Builder, b: Builder): Builder {
  const out: Builder = { ...a };
  for (const [key, value] of Object.entries(b) as [keyof Builder, unknown][]) {
    const existing = out[key];
    if (Array.isArray(existing) && Array.isArray(value)) {
      (out as Record<string, unknown>)[key] = [...existing, ...value];
    } else {
      (out as Record<string, unknown>)[key] = value;
    }
  }
  return out;
}

export function buildBuilder(args: {
  defs: Record<string, FilterDef>;
  filters: Record<string, FilterValue>;
  order?: Order | null;
  pageSize?: number;
  base?: Builder;
  now?: Date;
}): Builder {
  const b: Builder = {};
  for (const [id, value] of Object.entries(args.filters)) {
    const def = args.defs[id];
    if (def) addFilter(b, def, value, args.now);
  }
  let out = args.base ? mergeBuilders(args.base, b) : b;
  if (args.order) {
    const item = [args.order.field, args.order.direction];
    if (args.order.relation) item.push(args.order.relation);
    out = { ...out, orderBy: [item] };
  }
  if (args.pageSize) out = { ...out, paginate: args.pageSize };
  return out;
}

/** Query parameters in the exact shapes of the contract. */
export function builderParams(b: Builder): [string, string][] {
  const p: [string, string][] = [];
  if (b.paginate !== undefined) p.push(['builder[paginate]', String(b.paginate)]);
  b.orderBy?.forEach((item, i) => item.forEach((v) => p.push([`builder[orderBy][${i}][]`, v])));
  b.where?.forEach((item, i) => item.forEach((v) => p.push([`builder[where][${i}][]`, v])));
  b.whereNull?.forEach((f) => p.push(['builder[whereNull][]', f]));
  b.whereNotNull?.forEach((f) => p.push(['builder[whereNotNull][]', f]));
  b.whereIn?.forEach(([field, values], i) => {
    p.push([`builder[whereIn][${i}][0]`, field]);
    values.forEach((v) => p.push([`builder[whereIn][${i}][1][]`, v]));
  });
  b.whereBetween?.forEach(([field, [from, to]], i) => {
    p.push([`builder[whereBetween][${i}][0]`, field]);
    p.push([`builder[whereBetween][${i}][1][]`, from]);
    p.push([`builder[whereBetween][${i}][1][]`, to]);
  });
  b.whereHas?.forEach((item, i) => item.forEach((v) => p.push([`builder[whereHas][${i}][]`, v])));
  b.doesntHave?.forEach((r) => p.push(['builder[doesntHave][]', r]));
  b.customField?.forEach((item, i) => item.forEach((v) => p.push([`builder[customField][${i}][]`, v])));
  if (b.s) p.push(['builder[s]', b.s]);
  return p;
}

/** The builder without paging and ordering: what a preset and an export keep as filter. */
export function filterPart(b: Builder): Builder {
  const { paginate: _p, orderBy: _o, ...rest } = b;
  void _p;
  void _o;
  return rest;
}
