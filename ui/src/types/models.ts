// The shapes the UI works with, named once: aliases of the schemas generated from the
// OpenAPI document (types/api.ts), narrowed where the API declares a field as a free
// object; the lookup lists are still named here.
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

export type UserConfig = Schemas['UserConfig'];
export type User = Schemas['SignedInUser'];

export type LookupConfig = Schemas['TenantConfig'];
export type TablePreset = Schemas['Preset'];
export type NewTablePreset = Schemas['PresetIn'];

// The lookup lists as the portal's forms read them; /auth/me declares each (SignInLookups),
// with a few more fields than these test fixtures and forms carry.
export type SettingItem = { id: Id; label: string; order?: number; is_default?: boolean; [k: string]: unknown };
export type PrepaidCardType = { id: Id; label: string; description: string; hours: number; price: number; quantity: number };
export type TicketStatus = { id: Id; label: string; name: string; name_client: string; style: string; style_client: string; type: number };
export type CustomFieldDef = { name: string; type: number; morphable_type: string; title: string; order: number; required?: boolean; options?: { name: string; label: string }[] };

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
