import { client, unwrap } from '@/lib/api-client';
import { useDetail } from '@/lib/use-detail';
import type { TicketDetail } from './types';

const load = (id: string) =>
  unwrap(client.GET('/api/tickets/{record_id}', { params: { path: { record_id: id } } })) as Promise<TicketDetail>;

export const useTicket = (id: string | undefined) => useDetail('tickets', id, load);
