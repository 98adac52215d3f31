import type { Id, Message, Named, Person } from '@/types/models';

export type Asset = {
  id: Id;
  name: string;
  description: string | null;
  serial_number: string | null;
  tracking_number: string | null;
  warranty_until: string | null;
  client: Person | null;
  company: Named | null;
  location: Named | null;
  categories: { id: number; label: string }[];
  status_id: number | null;
  updated_at: string;
  created_at: string;
};

export type AssetDetail = Asset & { messages: Message[] };
