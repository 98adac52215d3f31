import type { components } from '@/types/api';
import type { CustomValue, Narrowed } from '@/types/models';

export type Ticket = components['schemas']['TicketRow'];
export type TicketDetail = Narrowed<components['schemas']['TicketDetail'], { custom_values: CustomValue[] }>;

/** ticketing.ticket_fields_config: which fields the portal must fill, and their labels. */
export type TicketFieldsConfig = Record<string, { required_portal: boolean; label: string }>;
