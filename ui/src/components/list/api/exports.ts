import { useMutation, useQuery } from '@tanstack/react-query';
import { client, unwrap } from '@/lib/api-client';
import type { components } from '@/types/api';
import type { Id } from '@/types/models';

export type ExportJob = components['schemas']['ExportState'];
export type NewExport = components['schemas']['ExportIn'];

export function useStartExport() {
  return useMutation({
    mutationFn: (body: NewExport) => unwrap(client.POST('/api/exports', { body })),
  });
}

export function useExportJob(id: Id | null) {
  return useQuery({
    queryKey: ['exports', id],
    queryFn: () => unwrap(client.GET('/api/exports/{export_id}', { params: { path: { export_id: String(id) } } })),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? 1000 : false),
  });
}
