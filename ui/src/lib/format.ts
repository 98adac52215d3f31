// Display formats of SPEC §9. Money is euro in Dutch formatting in every interface
// language (SPEC §1: "€ 1.234,50"); other numbers follow the language ("1,234.5" in en).
// A number typed into a field has a dot as decimal separator, a comma becoming a dot
// (SPEC §5's number-key filter), whatever the language.
import { i18n, LANGUAGES, type Language } from './i18n';

/** The Intl locale of each interface language. */
export const LOCALES: Record<Language, string> = { nl: 'nl-NL', en: 'en-GB', de: 'de-DE' };

/** The language the screens speak now (i18next's), when a caller names none. */
function currentLanguage(): Language {
  const language = i18n.language as Language;
  return LANGUAGES.includes(language) ? language : 'nl';
}

// Building an Intl format is slow next to using one (a list of 25 rows asked for a new
// Intl.DateTimeFormat per date cell, the largest share of a phone's first render): each is
// built once per language and options and kept.
const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function kept<F extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(key: string, build: () => F): F {
  let format = formats.get(key) as F | undefined;
  if (!format) {
    format = build();
    formats.set(key, format);
  }
  return format;
}

function numberFormat(language: Language, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return kept(`number ${language} ${JSON.stringify(options)}`, () => new Intl.NumberFormat(LOCALES[language], options));
}

export function dateFormat(language: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return kept(`date ${language} ${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(LOCALES[language], options));
}

/** The relative times of lists ('3 minuten geleden'). */
export function relativeTimeFormat(language: string): Intl.RelativeTimeFormat {
  return kept(`relative ${language}`, () => new Intl.RelativeTimeFormat(language, { numeric: 'auto' }));
}

/**
 * Builds the formats a list's first page uses, before its rows arrive. The first Intl
 * object of a kind loads the browser's locale data: on a slowed phone 50-70 ms each, which
 * otherwise lands in the one task that draws the rows (and counts as blocking time).
 * `main.tsx` calls this right after the first render has started, while the page's code
 * and data download: each format in a task of its own (`schedule`, a timer by default),
 * since the four in one task were a long task of their own after the first paint.
 */
export function warmFormats(schedule: (step: () => void) => void = (step) => setTimeout(step, 0), language: Language = currentLanguage()): void {
  formatWarmups(language).forEach(schedule);
}

function formatWarmups(language: Language): (() => void)[] {
  return [
    () => formatEuro(0),
    () => formatNumber(0.5, language),
    () => formatShortDate('2000-01-01', language),
    () => relativeTimeFormat(language).format(0, 'second'),
  ];
}

function toNumber(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/**
 * An amount in euro, in Dutch formatting whatever the interface language (SPEC §1:
 * "Currency is shown as euro in Dutch formatting"): € 1.234,50. Other numbers follow
 * the language (formatNumber, formatQuantity).
 */
export function formatEuro(amount: number | string | null | undefined): string {
  const n = toNumber(amount);
  return n === null ? '' : numberFormat('nl', { style: 'currency', currency: 'EUR' }).format(n);
}

/** A number with the language's grouping and decimal separator, at most `decimals` decimals. */
export function formatNumber(value: number | string | null | undefined, language: Language = currentLanguage(), decimals = 2): string {
  const n = toNumber(value);
  return n === null ? '' : numberFormat(language, { maximumFractionDigits: decimals }).format(n);
}

/** Whole quantities as they are; fractional ones with two decimals, in the language's way. */
export function formatQuantity(q: number | string | null | undefined, language: Language = currentLanguage()): string {
  if (q === null || q === undefined || q === '') return '';
  const n = Number(q);
  if (!Number.isFinite(n)) return String(q);
  if (Number.isInteger(n)) return String(n);
  return numberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(n);
}

/**
 * A number typed in a field (SPEC §5's number-key filter lets only digits, a dot and a
 * minus through, a comma becoming a dot): "12.5" and "12,5" are 12.5, in every
 * language. Spaces and a euro sign are ignored. Null when it is no number.
 */
export function parseDecimal(text: string | number | null | undefined): number | null {
  if (typeof text === 'number') return Number.isFinite(text) ? text : null;
  if (text === null || text === undefined) return null;
  const s = text.replace(/[\s\u00a0\u202f€]/g, '').replace(',', '.');
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/**
 * The number-key filter of a number field (SPEC §5): only digits, a dot and a minus
 * survive, and a comma becomes a dot, whatever the interface language, so what is
 * sent is what the API reads ("12,50" would be a 422).
 */
export function filterDecimalKeys(text: string): string {
  return text.split(',').join('.').replace(/[^0-9.-]/g, '');
}

/**
 * A number as a field shows it for editing: a dot as decimal separator (the field's
 * key filter keeps it so), no grouping; a number the API sent as text keeps its
 * decimals ("149.00").
 */
export function formatDecimalInput(value: number | string | null | undefined): string {
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return value.trim();
  const n = toNumber(value);
  return n === null ? '' : String(n);
}

function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  // A bare date is a calendar day; read it as local midnight, not UTC.
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const d = m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** DD-MM-YYYY */
export function formatDate(value: string | null | undefined): string {
  const d = parse(value);
  return d ? `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()}` : '';
}

/** DD MMM YY, month abbreviated in the interface language. */
export function formatShortDate(value: string | null | undefined, language: Language): string {
  const d = parse(value);
  if (!d) return '';
  const month = dateFormat(language, { month: 'short' }).format(d).replace('.', '');
  return `${pad(d.getDate())} ${month} ${String(d.getFullYear()).slice(2)}`;
}

/** HH:mm */
export function formatTime(value: string | null | undefined): string {
  const d = parse(value);
  return d ? `${pad(d.getHours())}:${pad(d.getMinutes())}` : '';
}

/** DD-MM-YYYY HH:mm */
export function formatDateTime(value: string | null | undefined): string {
  const d = parse(value);
  return d ? `${formatDate(value)} ${formatTime(value)}` : '';
}

/** Minutes as HH:MM; negative balances keep their sign. */
export function formatMinutes(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes)) return '';
  const sign = minutes < 0 ? '-' : '';
  const abs = Math.round(Math.abs(minutes));
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

export function truncate(text: string | null | undefined, length: number): string {
  if (!text) return '';
  return text.length > length ? `${text.slice(0, length)}…` : text;
}

/** dd-mm-yyyy (the date-range input) to YYYY-MM-DD, or null when it is not a real date. */
export function dutchDateToIso(value: string): string | null {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value.trim());
  if (!m) return null;
  const d = new Date(Number(m[3]), Number(m[2]) - 1, Number(m[1]));
  if (d.getDate() !== Number(m[1]) || d.getMonth() !== Number(m[2]) - 1) return null;
  return `${m[3]}-${m[2]}-${m[1]}`;
}

export function isoDate(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A moment as ISO 8601 with the browser's offset, e.g. 2026-11-23T20:10:00+01:00. */
export function isoWithOffset(d: Date): string {
  const offset = -d.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const day = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return `${day}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** A month and its year in the interface language: 'november 2026', 'November 2026'. */
export function formatMonth(d: Date, language: Language): string {
  return dateFormat(language, { month: 'long', year: 'numeric' }).format(d);
}
