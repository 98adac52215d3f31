import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Id, Message } from '@/types/models';

export function useCreateMessage(ticketId: Id) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ message, files }: { message: string; files: File[] }) => {
      const form = new FormData();
      form.append('message', message);
      form.append('morphable_type', 'Ticket');
      form.append('morphable_id', String(ticketId));
      files.forEach((f, i) => form.append(`file[${i}]`, f));
      return api<Message>('/messages', { method: 'POST', body: form });
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: ['tickets', 'detail', String(ticketId)] }),
  });
}
