import { describe, expect, it } from 'vitest';
import { addFilter, buildBuilder, builderParams, filterPart, NONE, toggleMultiSelect, type Builder, type FilterDef } from '../builder';

const now = new Date(2026, 10, 22, 12, 0); // 22-11-2026

function one(def: FilterDef, value: Parameters<typeof addFilter>[2]): Builder {
  const b: Builder = {};
  addFilter(b, def, value, now);
  return b;
}

describe('toggleMultiSelect', () => {
  it("picking '(none)' removes the other choices", () => {
    expect(toggleMultiSelect(['1', '2'], NONE)).toEqual([NONE]);
  });

  it("picking another choice removes '(none)'", () => {
    expect(toggleMultiSelect([NONE], '1')).toEqual(['1']);
  });

  it('picking a chosen value again removes it', () => {
    expect(toggleMultiSelect(['1', '2'], '1')).toEqual(['2']);
  });
});

describe('filter types to builder clauses', () => {
  it('string: like with wildcards', () => {
    expect(one({ type: 'string', field: 'name' }, 'lap')).toEqual({ where: [['name', 'like', '%lap%']] });
  });

  it('select, line_type and morph_to: equals', () => {
    expect(one({ type: 'select', field: 'period', options: [] }, 'month')).toEqual({ where: [['period', '=', 'month']] });
    expect(one({ type: 'line_type', field: 'type', options: [] }, '2')).toEqual({ where: [['type', '=', '2']] });
    expect(one({ type: 'morph_to', field: 'morphable_type', options: [] }, 'Ticket')).toEqual({
      where: [['morphable_type', '=', 'Ticket']],
    });
  });

  it('multi_select: whereIn, or whereNull for (none)', () => {
    expect(one({ type: 'multi_select', field: 'status_id', options: [] }, ['1', '2'])).toEqual({
      whereIn: [['status_id', ['1', '2']]],
    });
    expect(one({ type: 'multi_select', field: 'period', options: [], none: true }, [NONE])).toEqual({
      whereNull: ['period'],
    });
  });

  it('relation: whereHas on the related field', () => {
    expect(one({ type: 'relation', relation: 'company', field: 'name' }, 'acme')).toEqual({
      whereHas: [['company', 'name', 'like', '%acme%']],
    });
  });

  it('boolean: 0 or 1', () => {
    expect(one({ type: 'boolean', field: 'direct_debit' }, '1')).toEqual({ where: [['direct_debit', '=', '1']] });
    expect(one({ type: 'boolean', field: 'direct_debit' }, '0')).toEqual({ where: [['direct_debit', '=', '0']] });
  });

  it('lte: at most', () => {
    expect(one({ type: 'lte', field: 'total' }, '100.5')).toEqual({ where: [['total', '<=', '100.5']] });
  });

  it('date_between: dd-mm-yyyy range to an inclusive whereBetween', () => {
    expect(one({ type: 'date_between', field: 'updated_at' }, { from: '01-11-2026', to: '15-11-2026' })).toEqual({
      whereBetween: [['updated_at', ['2026-11-01', '2026-11-15']]],
    });
    expect(one({ type: 'date_between', field: 'updated_at' }, { from: '01-11-2026' })).toEqual({
      where: [['updated_at', '>=', '2026-11-01']],
    });
  });

  it('date_between presets: days relative to today, future and past', () => {
    const def: FilterDef = { type: 'date_between', field: 'date' };
    expect(one(def, { preset: 'today' })).toEqual({ whereBetween: [['date', ['2026-11-22', '2026-11-22']]] });
    expect(one(def, { preset: '+1' })).toEqual({ whereBetween: [['date', ['2026-11-23', '2026-11-23']]] });
    expect(one(def, { preset: '-2' })).toEqual({ whereBetween: [['date', ['2026-11-20', '2026-11-20']]] });
    expect(one(def, { preset: 'future' })).toEqual({ where: [['date', '>', '2026-11-22']] });
    expect(one(def, { preset: 'past' })).toEqual({ where: [['date', '<', '2026-11-22']] });
  });

  it('scheduled_at and executed_at: the preset operator', () => {
    expect(one({ type: 'scheduled_at', field: 'scheduled_at' }, '+2')).toEqual({ where: [['scheduled_at', 'preset', '+2']] });
    expect(one({ type: 'executed_at', field: 'executed_at' }, 'past')).toEqual({ where: [['executed_at', 'preset', 'past']] });
  });

  it('sla_remaining: action required', () => {
    expect(one({ type: 'sla_remaining' }, true)).toEqual({ where: [['sla_remaining', 'action_required', '1']] });
  });

  it('custom_field: a customField clause', () => {
    expect(one({ type: 'custom_field', name: 'po' }, '12')).toEqual({ customField: [['po', 'like', '%12%']] });
  });

  it('empty values add nothing', () => {
    expect(one({ type: 'string', field: 'name' }, '')).toEqual({});
    expect(one({ type: 'multi_select', field: 'x', options: [] }, [])).toEqual({});
    expect(one({ type: 'date_between', field: 'x' }, {})).toEqual({});
  });
});

describe('buildBuilder and builderParams', () => {
  it('combines filters, a preset, order and page size', () => {
    const b = buildBuilder({
      defs: { name: { type: 'string', field: 'name' }, status: { type: 'multi_select', field: 'status_id', options: [] } },
      filters: { name: 'net', status: ['2'] },
      base: { where: [['company_id', '=', '3']] },
      order: { field: 'name', direction: 'desc', relation: 'company' },
      pageSize: 25,
      now,
    });
    expect(b).toEqual({
      where: [
        ['company_id', '=', '3'],
        ['name', 'like', '%net%'],
      ],
      whereIn: [['status_id', ['2']]],
      orderBy: [['name', 'desc', 'company']],
      paginate: 25,
    });
    expect(filterPart(b)).toEqual({ where: b.where, whereIn: b.whereIn });
  });

  it('writes the exact query parameters of the contract', () => {
    const params = builderParams({
      paginate: 15,
      orderBy: [['updated_at', 'desc']],
      where: [['name', 'like', '%a%']],
      whereNull: ['period'],
      whereIn: [['status_id', ['1', '2']]],
      whereBetween: [['date', ['2026-01-01', '2026-01-31']]],
      whereHas: [['company', 'name', 'like', '%acme%']],
      doesntHave: ['messages'],
      customField: [['po', 'like', '%1%']],
      s: 'printer',
    });
    expect(new URLSearchParams(params).toString().split('&').map(decodeURIComponent)).toEqual([
      'builder[paginate]=15',
      'builder[orderBy][0][]=updated_at',
      'builder[orderBy][0][]=desc',
      'builder[where][0][]=name',
      'builder[where][0][]=like',
      'builder[where][0][]=%a%',
      'builder[whereNull][]=period',
      'builder[whereIn][0][0]=status_id',
      'builder[whereIn][0][1][]=1',
      'builder[whereIn][0][1][]=2',
      'builder[whereBetween][0][0]=date',
      'builder[whereBetween][0][1][]=2026-01-01',
      'builder[whereBetween][0][1][]=2026-01-31',
      'builder[whereHas][0][]=company',
      'builder[whereHas][0][]=name',
      'builder[whereHas][0][]=like',
      'builder[whereHas][0][]=%acme%',
      'builder[doesntHave][]=messages',
      'builder[customField][0][]=po',
      'builder[customField][0][]=like',
      'builder[customField][0][]=%1%',
      'builder[s]=printer',
    ]);
  });
});
