import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Builder } from '@/lib/builder';
import type { Id } from '@/types/models';

export type ExportJob = { id: Id; status: 'pending' | 'done' | 'failed'; files: { csv?: string; xlsx?: string } };

export function useStartExport() {
  return useMutation({
    mutationFn: (body: { userId: Id; model: string; filter: Builder }) =>
      api<{ message: string; id: Id }>('/exports', { method: 'POST', body }),
  });
}

export function useExportJob(id: Id | null) {
  return useQuery({
    queryKey: ['exports', id],
    queryFn: () => api<ExportJob>(`/exports/${id}`),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? 1000 : false),
  });
}
