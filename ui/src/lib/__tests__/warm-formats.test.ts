import { afterEach, describe, expect, it, vi } from 'vitest';

// A fresh module per test: the formats are kept in the module once built.
afterEach(() => vi.resetModules());

const constructed = () => {
  const counts = { number: 0, date: 0, relative: 0 };
  const wrap = (name: 'NumberFormat' | 'DateTimeFormat' | 'RelativeTimeFormat', key: keyof typeof counts) => {
    const Original = Intl[name] as unknown as new (...args: unknown[]) => object;
    vi.spyOn(Intl, name).mockImplementation(function counted(...args: unknown[]) {
      counts[key] += 1;
      return new Original(...args);
    } as never);
  };
  wrap('NumberFormat', 'number');
  wrap('DateTimeFormat', 'date');
  wrap('RelativeTimeFormat', 'relative');
  return counts;
};

describe('warmFormats', () => {
  it('builds the formats a list draws with, so drawing its rows builds none', async () => {
    const format = await import('@/lib/format');
    const { relativeTime } = await import('@/components/display/relative-time');
    format.warmFormats((step) => step(), 'nl');
    const counts = constructed();
    expect(format.formatEuro(1234.5)).toMatch(/^€\s1\.234,50$/);
    expect(format.formatNumber(2.5, 'nl')).toBe('2,5');
    expect(format.formatShortDate('2026-03-04', 'nl')).toBe('04 mrt 26');
    expect(relativeTime('2026-01-01T00:00:00Z', new Date('2026-01-01T00:03:00Z'), 'nl')).toBe('3 minuten geleden');
    expect(counts).toEqual({ number: 0, date: 0, relative: 0 });
  });

  it('builds them one task each, none before its task runs', async () => {
    const format = await import('@/lib/format');
    const counts = constructed();
    const tasks: (() => void)[] = [];
    format.warmFormats((step) => tasks.push(step), 'nl');
    expect(counts).toEqual({ number: 0, date: 0, relative: 0 });
    const built: number[] = [];
    for (const task of tasks) {
      task();
      built.push(counts.number + counts.date + counts.relative);
    }
    // euro, number, date, relative time: one new format per task
    expect(built).toEqual([1, 2, 3, 4]);
    const { relativeTime } = await import('@/components/display/relative-time');
    format.formatEuro(1);
    format.formatNumber(2.5, 'nl');
    format.formatShortDate('2026-03-04', 'nl');
    relativeTime('2026-01-01T00:00:00Z', new Date('2026-01-01T00:03:00Z'), 'nl');
    expect(counts).toEqual({ number: 2, date: 1, relative: 1 });
  });

  it('without it, the first row builds each of them', async () => {
    const format = await import('@/lib/format');
    const { relativeTime } = await import('@/components/display/relative-time');
    const counts = constructed();
    format.formatEuro(1);
    format.formatShortDate('2026-03-04', 'nl');
    relativeTime('2026-01-01T00:00:00Z', new Date('2026-01-01T00:03:00Z'), 'nl');
    expect(counts).toEqual({ number: 1, date: 1, relative: 1 });
  });
});
