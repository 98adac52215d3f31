// Display formats of SPEC §9: euro in Dutch formatting whatever the interface language.
import { i18n, LANGUAGES, type Language } from './i18n';

const euro = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' });

export function formatEuro(amount: number | string | null | undefined): string {
  if (amount === null || amount === undefined || amount === '') return '';
  const n = typeof amount === 'number' ? amount : Number(amount);
  return Number.isFinite(n) ? euro.format(n) : '';
}

/** Whole quantities as they are; fractional ones with two decimals, in the language's way. */
export function formatQuantity(q: number | string | null | undefined, language: Language = currentLanguage()): string {
  if (q === null || q === undefined || q === '') return '';
  const n = Number(q);
  if (!Number.isFinite(n)) return String(q);
  if (Number.isInteger(n)) return String(n);
  return new Intl.NumberFormat(LOCALES[language], { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(n);
}

/** The language the screens speak now (i18next's), for formatting outside a component. */
function currentLanguage(): Language {
  const language = i18n.language as Language;
  return LANGUAGES.includes(language) ? language : 'nl';
}

/** The Intl locale of each interface language. */
export const LOCALES: Record<Language, string> = { nl: 'nl-NL', en: 'en-GB', de: 'de-DE' };

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
  const month = new Intl.DateTimeFormat(LOCALES[language], { month: 'short' }).format(d).replace('.', '');
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
  return new Intl.DateTimeFormat(LOCALES[language], { month: 'long', year: 'numeric' }).format(d);
}
