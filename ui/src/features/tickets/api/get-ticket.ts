import { client, unwrap } from '@/lib/api-client';
import { useDetail } from '@/lib/use-detail';
import type { TicketDetail } from './types';

/** GET /api/tickets/{id}: one ticket (through the client given). */
export const loadTicket = (id: string, api = client) =>
  unwrap(api.GET('/api/tickets/{record_id}', { params: { path: { record_id: id } } })) as Promise<TicketDetail>;

export const useTicket = (id: string | undefined) => useDetail('tickets', id, loadTicket);
