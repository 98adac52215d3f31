import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Id, TablePreset } from '@/types/models';

export const presetsKey = (route: string) => ['table-presets', route];
export const presetCountsKey = (route: string) => ['presets-result-count', route];

export function usePresets(route: string, enabled: boolean) {
  return useQuery({
    queryKey: presetsKey(route),
    queryFn: () => api<TablePreset[] | { data: TablePreset[] }>('/table-presets', { query: { type: route } }),
    select: (r) => (Array.isArray(r) ? r : r.data),
    enabled,
  });
}

export function usePresetCounts(route: string, enabled: boolean) {
  return useQuery({
    queryKey: presetCountsKey(route),
    queryFn: () => api<{ id: Id; count: number | null }[]>(`/presets-result-count/${route}`),
    enabled,
  });
}

export type NewPreset = Omit<TablePreset, 'id'>;

export function useCreatePreset(route: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (preset: NewPreset) => api<TablePreset>('/table-presets', { method: 'POST', body: preset }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: presetsKey(route) });
      void client.invalidateQueries({ queryKey: presetCountsKey(route) });
    },
  });
}
