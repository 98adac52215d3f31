import { describe, expect, it } from 'vitest';
import {
  dutchDateToIso,
  formatDate,
  formatDateTime,
  filterDecimalKeys,
  formatDecimalInput,
  formatEuro,
  formatMinutes,
  formatNumber,
  formatQuantity,
  formatShortDate,
  parseDecimal,
  truncate,
} from '../format';
import { i18n } from '../i18n';

// Intl puts a no-break space between the sign and the amount.
const plain = (s: string) => s.replace(/\u00a0/g, ' ');

describe('formatEuro', () => {
  it('writes euro amounts the Dutch way', () => {
    expect(plain(formatEuro(1234.5))).toBe('€ 1.234,50');
    expect(plain(formatEuro(0))).toBe('€ 0,00');
    expect(plain(formatEuro(-12.3))).toBe('€ -12,30');
    expect(plain(formatEuro('99.9'))).toBe('€ 99,90');
  });

  it('stays Dutch whatever the interface language', async () => {
    try {
      await i18n.changeLanguage('de');
      expect(plain(formatEuro(1234.5))).toBe('€ 1.234,50');
      await i18n.changeLanguage('en');
      expect(plain(formatEuro(1234.5))).toBe('€ 1.234,50');
    } finally {
      await i18n.changeLanguage('nl');
    }
    expect(plain(formatEuro(1234.5))).toBe('€ 1.234,50');
  });

  it('leaves missing amounts empty', () => {
    expect(formatEuro(null)).toBe('');
    expect(formatEuro(undefined)).toBe('');
    expect(formatEuro('not a number')).toBe('');
  });
});

describe('numbers', () => {
  it('groups and separates numbers by language', () => {
    expect(formatNumber(1234.5, 'nl')).toBe('1.234,5');
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatNumber(1234.5, 'de')).toBe('1.234,5');
    expect(formatNumber(7, 'de')).toBe('7');
    expect(formatNumber(null, 'nl')).toBe('');
  });

  it('shows a number for editing with a decimal point in every language', () => {
    expect(formatDecimalInput(1234.5)).toBe('1234.5');
    expect(formatDecimalInput('1234.5')).toBe('1234.5');
    expect(formatDecimalInput(0.25)).toBe('0.25');
    expect(formatDecimalInput(null)).toBe('');
    // A price the API sent as text keeps its decimals.
    expect(formatDecimalInput('149.00')).toBe('149.00');
  });

  it('keeps digits, a dot and minus as a number is typed, and turns a comma into a dot (SPEC §5)', () => {
    expect(filterDecimalKeys('-1a2.5e€')).toBe('-12.5');
    expect(filterDecimalKeys('12,5')).toBe('12.5');
    expect(filterDecimalKeys('1 234,50')).toBe('1234.50');
  });
});

describe('parseDecimal', () => {
  it('reads a decimal point or a decimal comma as the same number in every language', () => {
    expect(parseDecimal('12.5')).toBe(12.5);
    expect(parseDecimal('12,5')).toBe(12.5);
    expect(parseDecimal('12.50')).toBe(12.5);
    expect(parseDecimal('-3,25')).toBe(-3.25);
    expect(parseDecimal('1500')).toBe(1500);
    expect(parseDecimal('€ 1234,50')).toBe(1234.5);
    expect(parseDecimal('.5')).toBe(0.5);
  });

  it('never reads a dot or comma as grouping of thousands', () => {
    // "1.500" is one and a half, never fifteen hundred, in Dutch as in English.
    expect(parseDecimal('1.500')).toBe(1.5);
    expect(parseDecimal('1,500')).toBe(1.5);
    expect(parseDecimal('1.234,50')).toBeNull();
    expect(parseDecimal('1,234.50')).toBeNull();
  });

  it('refuses what is no number, and reads nothing as null', () => {
    expect(parseDecimal('abc')).toBeNull();
    expect(parseDecimal('1,2,3')).toBeNull();
    expect(parseDecimal('1.234.5')).toBeNull();
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('  ')).toBeNull();
  });
});

describe('dates and times', () => {
  it('formats dates as DD-MM-YYYY and DD MMM YY', () => {
    expect(formatDate('2026-03-05')).toBe('05-03-2026');
    expect(formatShortDate('2026-03-05', 'en')).toBe('05 Mar 26');
    expect(formatShortDate('2026-03-05', 'nl')).toBe('05 mrt 26');
  });

  it('builds one date format per language, not one per date (a list formats many)', () => {
    const Real = Intl.DateTimeFormat;
    let built = 0;
    class Counting extends Real {
      constructor(...args: ConstructorParameters<typeof Real>) {
        super(...args);
        built += 1;
      }
    }
    Intl.DateTimeFormat = Counting as typeof Real;
    try {
      const days = Array.from({ length: 28 }, (_, i) => formatShortDate(`2026-02-${String(i + 1).padStart(2, '0')}`, 'de'));
      expect(days[0]).toBe('01 Feb 26');
      expect(days[27]).toBe('28 Feb 26');
    } finally {
      Intl.DateTimeFormat = Real;
    }
    expect(built).toBeLessThanOrEqual(1);
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
    expect(formatQuantity(1.5, 'nl')).toBe('1,50');
    expect(formatQuantity(1.5, 'en')).toBe('1.50');
    expect(formatQuantity(1234.5, 'de')).toBe('1234,50');
  });

  it('truncates long text', () => {
    expect(truncate('abcdef', 3)).toBe('abc…');
    expect(truncate('abc', 3)).toBe('abc');
  });
});
