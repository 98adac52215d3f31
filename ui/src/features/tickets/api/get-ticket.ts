import { useDetail } from '@/lib/use-detail';
import type { TicketDetail } from './types';

export const useTicket = (id: string | undefined) => useDetail<TicketDetail>('tickets', id);
