import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client, formWith, unwrap } from '@/lib/api-client';
import type { Id } from '@/types/models';

export function useCreateMessage(ticketId: Id) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ message, files }: { message: string; files: File[] }) => {
      const body = { message, morphable_type: 'Ticket', morphable_id: String(ticketId) };
      return unwrap(client.POST('/api/messages', { body, bodySerializer: (fields) => formWith(fields, files) }));
    },
    onSuccess: () => void queries.invalidateQueries({ queryKey: ['tickets', 'detail', String(ticketId)] }),
  });
}
