// Operator-side record shapes (SPEC §3.1; docs/operator-api.md).
// Operator ids are opaque: numbers for setting items, strings for event-sourced records.
import type { components } from './api';

export type Id = number | string;
export type Named = { id: Id; name: string };

export type Actor = {
  id: Id;
  full_name: string;
  first_name?: string;
  last_name?: string;
  acronym?: string;
  gravatar?: string;
  /** 0 client, 1 first line, 2 second line. */
  is_operator: number;
};

export type Attachment = { id: Id; name: string; url: string; token?: string; extension?: string; size?: number };

export type OperatorMessage = {
  id: Id;
  message: string;
  /** 'text': a client's words, shown as text; 'html': sanitised operator HTML. */
  format?: 'text' | 'html';
  type: string;
  is_from_client: number | boolean;
  visible_to_client: number | boolean;
  created_at: string;
  actor: Actor | null;
  original_email_from?: string | null;
  attachments?: Attachment[];
  data?: { status?: { name: string } } | null;
};

/** An operator of the sign-in lookups (OperatorLookup). */
export type Operator = components['schemas']['OperatorLookup'];

export type BadgeObject = { name?: string; label?: string; style?: string | null };

export type Ticket = {
  id: Id;
  reference: string;
  description: string;
  status_id: Id;
  status?: components['schemas']['Status'] | null;
  priority?: { id: Id; label: string; style?: string | null } | null;
  company?: (Named & { archived_at?: string | null }) | null;
  client?: { id: Id; full_name: string; email?: string | null } | null;
  client_id?: Id | null;
  original_email_from?: string | null;
  is_template?: boolean | number;
  route?: string | null;
  due_at?: string | null;
  updated_at?: string;
  /** The version the operator loaded; sent back on update so a concurrent save gets 409. */
  version?: number;
  /** In the bin: restore brings it back. */
  deleted?: boolean;
  messages?: OperatorMessage[];
  custom_values?: { custom_field: string; value: string | null }[];
  time_registrations?: { id: Id; time_spent_rounded: number; executed_at: string; description: string }[];
  /** The SLA clock (null state: no SLA applies); minutes are business minutes. */
  sla_state?: components['schemas']['TicketRow']['sla_state'];
  response_due_at?: string | null;
  resolution_due_at?: string | null;
  sla_minutes_left?: number | null;
  resolved_at?: string | null;
};

export type Company = Named & { address_1?: string | null; city?: string | null; archived_at?: string | null };

export type Line = { id?: Id; description: string; quantity: number; price: number; total: number };

export type Quote = { id: Id; name: string; label?: string; status_id: number; total?: number; company?: Named | null; client?: { id: Id; full_name: string } | null; lines?: Line[] };

export type Contract = {
  id: Id;
  name: string;
  period?: string | null;
  minutes_remaining?: number | null;
  start_date?: string | null;
  end_date?: string | null;
  company?: Named | null;
  companies?: Named[];
};

/** A draft line knows where it came from, so it can be taken off again (deinvoice). */
export type InvoiceLine = Line & { source?: { type: 'time_registration' | 'used_product' | 'quote'; id: Id } | null };

export type Invoice = {
  id: Id;
  external_id: string | null;
  status: number;
  date?: string | null;
  total?: number;
  company?: Named | null;
  lines?: InvoiceLine[];
};

/** An item of a setting list (LookupItem). */
export type SettingItem = components['schemas']['LookupItem'];

export type ListPage<T> = { data: T[]; from: number | null; to: number | null; total: number; total_is_estimate?: boolean; per_page: number; current_page: number; last_page: number };
