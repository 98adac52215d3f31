// The review queue: mails from unknown senders held for an operator (GET /api/mail-review),
// accepted into a ticket (optionally under a chosen company) or rejected.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type HeldMail = {
  id: string;
  from: string;
  from_name?: string | null;
  to?: string[] | string | null;
  subject: string;
  date: string | null;
  preview: string;
  /** The company matched by the sender's domain, if any. */
  company_id?: string | number | null;
};

export type FoundCompany = { id: string | number; label: string };

const KEY = ['mail-review'];

export function useHeldMails() {
  return useQuery({
    queryKey: KEY,
    queryFn: async () => {
      const answer = await api<{ data: HeldMail[] } | HeldMail[]>('/mail-review');
      return Array.isArray(answer) ? answer : answer.data;
    },
    retry: false,
  });
}

function useDecision<V>(call: (v: V) => Promise<unknown>) {
  const queries = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => void queries.invalidateQueries({ queryKey: KEY }) });
}

export function useAcceptMail() {
  return useDecision(({ id, companyId }: { id: string; companyId?: string | number | null }) =>
    api(`/mail-review/${encodeURIComponent(id)}/accept`, { method: 'POST', body: companyId ? { company_id: String(companyId) } : {} }),
  );
}

export function useRejectMail() {
  return useDecision((id: string) => api(`/mail-review/${encodeURIComponent(id)}/reject`, { method: 'POST', body: {} }));
}

/** Companies whose name holds the text (2 characters or more), for the accept choice. */
export async function searchCompanies(text: string, signal?: AbortSignal): Promise<FoundCompany[]> {
  return api<FoundCompany[]>('/lookups/companies', { query: { search: text }, signal, silent: true });
}
