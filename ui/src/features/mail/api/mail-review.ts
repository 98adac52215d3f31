// The review queue: mails from unknown senders held for an operator (GET /api/mail-review),
// accepted into a ticket (optionally under a chosen company) or rejected.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client, quietClient, unwrap } from '@/lib/api-client';
import type { components } from '@/types/api';

export type HeldMail = components['schemas']['HeldMail'];
export type FoundCompany = { id: string | number; label: string };

const KEY = ['mail-review'];

export function useHeldMails() {
  return useQuery({
    queryKey: KEY,
    queryFn: async () => (await unwrap(client.GET('/api/mail-review'))).data,
    retry: false,
  });
}

function useDecision<V>(call: (v: V) => Promise<unknown>) {
  const queries = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => void queries.invalidateQueries({ queryKey: KEY }) });
}

export function useAcceptMail() {
  return useDecision(({ id, companyId }: { id: string; companyId?: string | number | null }) =>
    unwrap(client.POST('/api/mail-review/{held_id}/accept', { params: { path: { held_id: id } }, body: companyId ? { company_id: String(companyId) } : {} })),
  );
}

export function useRejectMail() {
  return useDecision((id: string) => unwrap(client.POST('/api/mail-review/{held_id}/reject', { params: { path: { held_id: id } } })));
}

/** Companies whose name holds the text (2 characters or more), for the accept choice. */
export async function searchCompanies(text: string, signal?: AbortSignal): Promise<FoundCompany[]> {
  const found = await unwrap(quietClient.GET('/api/lookups/{name}', { params: { path: { name: 'companies' }, query: { search: text } }, signal }));
  return found as FoundCompany[];
}
