import { formWith, quietClient, unwrap } from '@/lib/api-client';

export type NewMessage = {
  message: string;
  /** What the API takes a message on. */
  morphableType: 'Ticket' | 'Asset';
  morphableId: number | string;
  /** false: an internal note (visible_to_client 0). */
  visibleToClient: boolean;
  attachmentIds?: (number | string)[];
  files?: File[];
  description?: string;
  activityId?: number | null;
  action?: string;
  /** Who else a reply goes to: comma-separated addresses (a note goes to no one). */
  to?: string;
  cc?: string;
  bcc?: string;
};

/** POST /api/messages/store as form data; a failed send is silent (SPEC §8). */
export function createMessage(m: NewMessage) {
  const body = {
    message: m.message,
    is_from_client: 0 as const,
    visible_to_client: m.visibleToClient ? (1 as const) : (0 as const),
    morphable_type: m.morphableType,
    morphable_id: String(m.morphableId),
    description: m.description || undefined,
    activity_id: m.activityId || undefined,
    action: m.action || undefined,
    to: m.to || undefined,
    cc: m.cc || undefined,
    bcc: m.bcc || undefined,
  };
  const attachments = { 'attachment_ids[]': m.attachmentIds ?? [] };
  return unwrap(
    quietClient.POST('/api/messages/store', {
      body,
      bodySerializer: () => formWith(body, m.files ?? [], attachments),
    }),
  ) as Promise<{ id: number | string }>;
}
