// The time input's rules (SPEC §5); the number-key filter is format.ts's filterDecimalKeys.

/** 'hh:mm' or a plain number of minutes to minutes; null when it is neither. */
export function parseTimeInput(text: string): number | null {
  const value = text.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const m = /^(\d+):(\d{1,2})$/.exec(value);
  if (!m || Number(m[2]) > 59) return null;
  return Number(m[1]) * 60 + Number(m[2]);
}

/** Minutes as zero-padded hh:mm. */
export function minutesToHhmm(minutes: number): string {
  const abs = Math.abs(Math.round(minutes));
  const text = `${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return minutes < 0 ? `-${text}` : text;
}
