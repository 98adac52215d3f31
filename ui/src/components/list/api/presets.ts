import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client, unwrap } from '@/lib/api-client';
import type { NewTablePreset } from '@/types/models';

export const presetsKey = (route: string) => ['table-presets', route];
export const presetCountsKey = (route: string) => ['presets-result-count', route];

export function usePresets(route: string, enabled: boolean) {
  return useQuery({
    queryKey: presetsKey(route),
    queryFn: () => unwrap(client.GET('/api/table-presets', { params: { query: { type: route } } })),
    enabled,
  });
}

export function usePresetCounts(route: string, enabled: boolean) {
  return useQuery({
    queryKey: presetCountsKey(route),
    queryFn: () => unwrap(client.GET('/api/presets-result-count/{route}', { params: { path: { route } } })),
    enabled,
  });
}

export type NewPreset = NewTablePreset;

export function useCreatePreset(route: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (preset: NewPreset) => unwrap(client.POST('/api/table-presets', { body: preset })),
    onSuccess: () => {
      void queries.invalidateQueries({ queryKey: presetsKey(route) });
      void queries.invalidateQueries({ queryKey: presetCountsKey(route) });
    },
  });
}
