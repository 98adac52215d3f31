import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Id } from '@/types/models';
import type { QuoteDetail } from './types';

export type Acceptance = { name: string; note: string; signature: string };

export function useAcceptQuote(id: Id) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Acceptance) => api<QuoteDetail>(`/quotes/${id}/accept`, { method: 'POST', body }),
    onSuccess: (quote) => {
      client.setQueryData(['quotes', 'detail', String(id)], quote);
      void client.invalidateQueries({ queryKey: ['quotes', 'list'] });
    },
  });
}
