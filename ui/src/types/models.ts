// The shapes the UI works with, named once: aliases of the schemas generated from the
// OpenAPI document (types/api.ts), narrowed where the API declares a field as a free
// object.
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

// The lookup lists /auth/me sends at sign-in (SignInLookups).
export type SettingItem = Schemas['LookupItem'];
export type PrepaidCardType = Schemas['PrepaidCardLookup'];
export type TicketStatus = Schemas['TicketStatusItem'];
export type CustomFieldDef = Schemas['CustomFieldLookup'];
/** A custom field that can hold a value: one with a name. */
export type NamedCustomField = CustomFieldDef & { name: string };
/** Read by a list's name too (a field's `lookup`), so any other key reads as unknown. */
export type Lookups = Schemas['SignInLookups'] & { [k: string]: unknown };

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
