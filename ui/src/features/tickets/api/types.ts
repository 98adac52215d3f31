import type { Id, Message, Named, Person, TicketStatus } from '@/types/models';

export type Ticket = {
  id: Id;
  reference: string;
  description: string;
  status_id: number;
  status: Pick<TicketStatus, 'id' | 'name' | 'name_client' | 'style' | 'style_client' | 'type'> | null;
  priority: { id: number; label: string; style: string } | null;
  company: Named | null;
  client: Person | null;
  updated_at: string;
  created_at: string;
  resolved_at: string | null;
  is_template: boolean | number;
};

export type TicketDetail = Ticket & { messages: Message[]; custom_values: { custom_field: string; value: string }[] };

/** ticketing.ticket_fields_config: which fields the portal must fill, and their labels. */
export type TicketFieldsConfig = Record<string, { required_portal: boolean; label: string }>;
