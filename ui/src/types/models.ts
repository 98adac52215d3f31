// The shapes the UI works with, named once. Each is an alias of a schema generated from
// the OpenAPI document (types/api.ts); the few the API does not declare yet (the user
// and lookups of /auth/me) are written here until it does.
import type { components } from './api';

type Schemas = components['schemas'];

/** A schema's declared fields, without the open `[key: string]: unknown` of extra keys. */
export type Declared<T> = { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] };
/** A schema with the fields the API declares loosely (a free object, any) narrowed. */
export type Narrowed<T, U> = Omit<Declared<T>, keyof U> & U;

/** Record ids are UUID strings; setting-list items have integer ids. */
export type Id = string | number;
export type Named = Schemas['Named'];
export type Person = Schemas['Person'];

export type SystemStatus = Schemas['SystemStatus'];

export type UserConfig = { name: string; value: string };

export type User = {
  id: Id;
  full_name: string;
  first_name?: string;
  last_name?: string;
  email?: string;
  is_operator: number;
  company: Named | null;
  permissions_names: string[];
  modules: Record<string, boolean>;
  configs: UserConfig[];
  categories?: unknown[];
  language?: string;
};

export type SettingItem = { id: Id; label: string; order?: number; is_default?: boolean; [k: string]: unknown };
export type PrepaidCardType = { id: Id; label: string; description: string; hours: number; price: number; quantity: number };
export type TicketStatus = { id: Id; label: string; name: string; name_client: string; style: string; style_client: string; type: number };
export type CustomFieldDef = { name: string; type: number; morphable_type: string; title: string; order: number; required?: boolean; options?: { name: string; label: string }[] };
export type LookupConfig = { name: string; value: string; input_type?: string };
export type TablePreset = Schemas['Preset'];
export type NewTablePreset = Schemas['PresetIn'];

export type Lookups = {
  activities: SettingItem[];
  asset_categories: SettingItem[];
  asset_statuses: SettingItem[];
  categories: SettingItem[];
  configs: LookupConfig[];
  custom_fields: CustomFieldDef[];
  prepaid_cards: PrepaidCardType[];
  priorities: SettingItem[];
  ticket_statuses: TicketStatus[];
  ticket_types: SettingItem[];
  table_presets: TablePreset[];
  [k: string]: unknown;
};

export type Me = { user: User; lookups: Lookups };

/** A page of any list: the generated pages differ only in their rows. */
export type Paginated<T> = Omit<Schemas['Page_TicketRow_'], 'data'> & { data: T[] };

export type Attachment = Schemas['Attachment'];
/** A custom field's value; the API declares it as any JSON, the portal shows text. */
export type CustomValue = Narrowed<Schemas['CustomValue'], { value: string | null }>;
/** 'text' format: a client's words, shown as text; 'html': sanitised operator HTML. */
export type Message = Schemas['ThreadMessage'] & {
  /** For type 'status-changed': the status the ticket moved to. */
  data?: { status?: { id: Id; name: string } };
};
