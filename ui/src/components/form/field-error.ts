// A server's 422 field message in the interface language, naming the field by its label.
import type { Translate } from '@/lib/i18n';

const RULES: [RegExp, (t: Translate<'operator'>, field: string, m: RegExpExecArray) => string][] = [
  [/field is required|field required|is required/i, (t, field) => t('{field} is required', { field })],
  [/selected .* is invalid/i, (t, field) => t('The chosen {field} does not exist.', { field })],
  [/greater than 0|more than 0|must not be 0/i, (t, field) => t('{field} must be more than 0', { field })],
  [/whole number|valid integer/i, (t, field) => t('{field} must be a whole number', { field })],
  [/must be a number|valid number|decimal/i, (t, field) => t('{field} must be a number', { field })],
  [/at most (\d+) characters?/i, (t, field, m) => t('{field} may be at most {n} characters', { field, n: m[1] })],
  [/valid date|iso date|time zone/i, (t, field) => t('{field} is not a valid date', { field })],
  [/cannot be changed/i, (t, field) => t('{field} cannot be changed', { field })],
  [/negative|at least 0|0 or more/i, (t, field) => t('{field} may not be negative', { field })],
  [/valid email|e-mail address|email address/i, (t, field) => t('{field} is not a valid e-mail address', { field })],
  [/already (been )?taken|already exists/i, (t, field) => t('{field} is already in use', { field })],
];

/** The text shown under a field for one of the server's messages about it. */
export function fieldErrorText(t: Translate<'operator'>, field: string, message: string): string {
  for (const [pattern, text] of RULES) {
    const m = pattern.exec(message);
    if (m) return text(t, field, m);
  }
  return t('{field} is invalid', { field });
}

/** The 422 answer's errors by field name ('body.name' and 'name' alike), joined per field. */
export function errorsByField(errors: Record<string, string[] | string> | undefined): Record<string, string> {
  const named: Record<string, string> = {};
  for (const [key, texts] of Object.entries(errors ?? {})) {
    const name = key.replace(/^body\./, '').split('.')[0];
    named[name] = ([] as string[]).concat(texts)[0] ?? '';
  }
  return named;
}
