import { describe, expect, it } from 'vitest';
import {
  dutchDateToIso,
  formatDate,
  formatDateTime,
  formatEuro,
  formatMinutes,
  formatQuantity,
  formatShortDate,
  truncate,
} from '../format';

// Intl puts a no-break space between the sign and the amount.
const plain = (s: string) => s.replace(/\u00a0/g, ' ');

describe('formatEuro', () => {
  it('writes euro amounts in Dutch formatting', () => {
    expect(plain(formatEuro(1234.5))).toBe('€ 1.234,50');
    expect(plain(formatEuro(0))).toBe('€ 0,00');
    expect(plain(formatEuro(-12.3))).toBe('€ -12,30');
    expect(plain(formatEuro('99.9'))).toBe('€ 99,90');
  });

  it('leaves missing amounts empty', () => {
    expect(formatEuro(null)).toBe('');
    expect(formatEuro(undefined)).toBe('');
  });
});

describe('dates and times', () => {
  it('formats dates as DD-MM-YYYY and DD MMM YY', () => {
    expect(formatDate('2026-03-05')).toBe('05-03-2026');
    expect(formatShortDate('2026-03-05', 'en')).toBe('05 Mar 26');
    expect(formatShortDate('2026-03-05', 'nl')).toBe('05 mrt 26');
  });

  it('formats a datetime with HH:mm in local time', () => {
    const local = new Date(2026, 10, 20, 9, 7).toISOString();
    expect(formatDateTime(local)).toBe('20-11-2026 09:07');
  });

  it('shows minutes as HH:MM', () => {
    expect(formatMinutes(90)).toBe('01:30');
    expect(formatMinutes(600)).toBe('10:00');
    expect(formatMinutes(-45)).toBe('-00:45');
  });

  it('reads dd-mm-yyyy range input and refuses impossible dates', () => {
    expect(dutchDateToIso('01-02-2026')).toBe('2026-02-01');
    expect(dutchDateToIso('31-02-2026')).toBeNull();
    expect(dutchDateToIso('2026-02-01')).toBeNull();
  });
});

describe('quantities and truncation', () => {
  it('shows fractional quantities with two decimals', () => {
    expect(formatQuantity(2)).toBe('2');
    expect(formatQuantity(1.5)).toBe('1,50');
    expect(formatQuantity(1.5, 'en')).toBe('1.50');
    expect(formatQuantity(1234.5, 'de')).toBe('1234,50');
  });

  it('truncates long text', () => {
    expect(truncate('abcdef', 3)).toBe('abc…');
    expect(truncate('abc', 3)).toBe('abc');
  });
});
