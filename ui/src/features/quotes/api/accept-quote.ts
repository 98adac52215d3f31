import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client, unwrap } from '@/lib/api-client';
import type { components } from '@/types/api';
import type { Id } from '@/types/models';
import type { QuoteDetail } from './types';

export type Acceptance = components['schemas']['AcceptIn'];

export function useAcceptQuote(id: Id) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: Acceptance) =>
      unwrap(client.POST('/api/quotes/{record_id}/accept', { params: { path: { record_id: String(id) } }, body })) as Promise<QuoteDetail>,
    onSuccess: (quote) => {
      queries.setQueryData(['quotes', 'detail', String(id)], quote);
      void queries.invalidateQueries({ queryKey: ['quotes', 'list'] });
    },
  });
}
