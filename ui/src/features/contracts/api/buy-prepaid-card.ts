import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Id } from '@/types/models';
import type { ContractDetail } from './types';

type Answer = { message: string; minutes_remaining: number; hours_remaining: number };

export function useBuyPrepaidCard(contractId: Id) {
  const client = useQueryClient();
  return useMutation({
    // The failure has its own message, so the generic error toast stays quiet.
    mutationFn: (prepaidCardId: number) =>
      api<Answer>(`/contracts/${contractId}/buy`, { method: 'POST', body: { prepaid_card_id: prepaidCardId }, silent: true }),
    onSuccess: (answer) => {
      client.setQueryData<ContractDetail>(['contracts', 'detail', String(contractId)], (c) =>
        c ? { ...c, minutes_remaining: answer.minutes_remaining } : c,
      );
      void client.invalidateQueries({ queryKey: ['contracts'] });
    },
  });
}
