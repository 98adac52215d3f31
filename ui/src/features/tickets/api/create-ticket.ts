import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client, unwrap } from '@/lib/api-client';
import type { TicketDetail } from './types';

export type NewTicket = {
  description: string;
  message: string;
  priority_id?: number;
  category_id?: number;
  ticket_type_id?: number;
  custom_values?: Record<string, string>;
};

export function useCreateTicket() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: NewTicket) => unwrap(client.POST('/api/tickets', { body })) as Promise<TicketDetail>,
    onSuccess: () => void queries.invalidateQueries({ queryKey: ['tickets'] }),
  });
}
