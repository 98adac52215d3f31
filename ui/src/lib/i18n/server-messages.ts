// The API answers in English. Where the UI shows one of its known messages, it shows it in
// the interface language, naming a field by the label the screen uses ("Subject is
// required" under "Onderwerp" reads "Onderwerp is verplicht"); an unknown message shows as
// the server sent it.
import { fixedT, type Language, type MessageKey, type Translate } from './index';

/** Whole messages the API sends, by their portal key. */
const MESSAGES: Record<string, MessageKey> = {
  'These credentials do not match our records.': 'server.bad_credentials',
  'The given data was invalid.': 'server.invalid_data',
  'Permission denied.': 'server.permission_denied',
  'This action is unauthorized.': 'server.permission_denied',
  'This password reset token is invalid.': 'server.reset_token_invalid',
  'Server Error': 'server.error',
  'Too Many Attempts.': 'server.too_many',
};

/** The API's field names (and the English labels it puts in messages) by their label key. */
const FIELDS: Record<string, MessageKey> = {
  description: 'ticket.subject',
  subject: 'ticket.subject',
  message: 'ticket.message',
  priority: 'ticket.priority',
  priority_id: 'ticket.priority',
  category: 'ticket.category',
  category_id: 'ticket.category',
  username: 'auth.email',
  email: 'auth.email',
  'email address': 'auth.email',
  password: 'auth.password',
  name: 'field.name',
  company: 'field.company',
  company_id: 'field.company',
  client: 'field.client',
  client_id: 'field.client',
  status: 'field.status',
  status_id: 'field.status',
  date: 'field.date',
  start_date: 'field.start_date',
  termination_date: 'field.termination_date',
  quantity: 'field.quantity',
  price: 'field.price',
  minutes: 'field.minutes',
  label: 'field.name',
};

type Rule = [RegExp, MessageKey];

// "{field}" is the first group: a field name ("The priority_id field is required.") or a
// label ("Priority is required").
const RULES: Rule[] = [
  [/^The (.+?) field is required\.?$/i, 'server.required'],
  [/^(.+?) is required\.?$/i, 'server.required'],
  [/^The selected (.+?) is invalid\.?$/i, 'server.invalid_choice'],
  [/^The (.+?) field must be a number/i, 'server.number'],
  [/^The (.+?) field must be a whole number\.?$/i, 'server.whole_number'],
  [/^The (.+?) field must be greater than 0\.?$/i, 'server.positive'],
  [/^The (.+?) field must be (?:a date|an ISO date)/i, 'server.date'],
  [/^The (.+?) field may not be negative\.?$/i, 'server.not_negative'],
  [/^The (.+?) field cannot be changed\.?$/i, 'server.unchangeable'],
  [/^The (.+?) field may not be longer than (\d+) characters\.?$/i, 'server.too_long'],
];

/** The label of a field named in a message: the screen's own, then ours, then the name. */
export function fieldLabel(name: string, t: Translate, labels: Record<string, string> = {}): string {
  const key = name.trim();
  if (labels[key]) return labels[key];
  const known = FIELDS[key.toLowerCase()] ?? FIELDS[key.toLowerCase().replace(/ /g, '_')];
  if (known) return t(known);
  return key.replace(/_id$/, '').replace(/_/g, ' ');
}

/** One server message in the interface language, where it is a known one. */
export function serverMessage(message: string, t: Translate, labels: Record<string, string> = {}): string {
  const whole = MESSAGES[message.trim()];
  if (whole) return t(whole);
  for (const [pattern, key] of RULES) {
    const m = pattern.exec(message.trim());
    if (m) {
      const field = fieldLabel(m[1], t, labels);
      // {Field} opens a sentence, {field} sits inside one
      return t(key, { field, Field: field.charAt(0).toUpperCase() + field.slice(1), n: m[2] ?? '' });
    }
  }
  return message;
}

/** serverMessage() in a language, for code outside components. */
export function serverMessageIn(language: Language, message: string, labels?: Record<string, string>): string {
  return serverMessage(message, fixedT(language), labels);
}
