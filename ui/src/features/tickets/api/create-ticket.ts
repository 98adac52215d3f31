import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
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
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewTicket) => api<TicketDetail>('/tickets', { method: 'POST', body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['tickets'] }),
  });
}
