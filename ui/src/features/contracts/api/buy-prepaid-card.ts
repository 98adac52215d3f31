import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quietClient, unwrap } from '@/lib/api-client';
import type { Id } from '@/types/models';
import type { ContractDetail } from './types';

export function useBuyPrepaidCard(contractId: Id) {
  const client = useQueryClient();
  return useMutation({
    // The failure has its own message, so the generic error toast stays quiet.
    mutationFn: (prepaidCardId: number) =>
      unwrap(
        quietClient.POST('/api/contracts/{record_id}/buy', {
          params: { path: { record_id: String(contractId) } },
          body: { prepaid_card_id: prepaidCardId },
        }),
      ),
    onSuccess: (answer) => {
      client.setQueryData<ContractDetail>(['contracts', 'detail', String(contractId)], (c) =>
        c ? { ...c, minutes_remaining: answer.minutes_remaining } : c,
      );
      void client.invalidateQueries({ queryKey: ['contracts'] });
    },
  });
}
