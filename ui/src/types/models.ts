// The shapes the UI works with, named once; each becomes an alias of a generated schema
// (types/api.ts) as the API declares it.
/** Record ids are UUID strings; setting-list items have integer ids. */
export type Id = string | number;
export type Named = { id: Id; name: string };
export type Person = { id: Id; full_name: string };

export type SystemStatus = {
  setup_completed: boolean;
  trial_ends_in: number | null;
  tenant_name: string;
  tenant: string;
};

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
export type TablePreset = {
  id: Id;
  label: string;
  styling: string | null;
  type: string;
  columns_config: string | null;
  order_config: string | null;
  filter_config: string | null;
  pagination_config: string | null;
};

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

export type Paginated<T> = {
  data: T[];
  from: number | null;
  to: number | null;
  total: number;
  /** True when a free-text search's total is scaled up from a sample. */
  total_is_estimate?: boolean;
  per_page: number;
  current_page: number;
  last_page: number;
};

export type Attachment = { id: Id; name: string; url: string; extension: string; size: number };
export type Message = {
  id: Id;
  message: string;
  /** 'text': a client's words, shown as text; 'html': sanitised operator HTML. */
  format?: 'text' | 'html';
  type: string;
  is_from_client: number | boolean;
  visible_to_client: number | boolean;
  created_at: string;
  actor: { id: Id; full_name: string; first_name?: string; last_name?: string; acronym?: string; is_operator: number; gravatar?: string } | null;
  attachments: Attachment[];
  /** For type 'status-changed': the status the ticket moved to. */
  data?: { status?: { id: Id; name: string } };
};
