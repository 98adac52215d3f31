import { api } from '@/lib/api-client';

export type TablePreset = {
  id: number;
  label: string;
  type: string;
  styling?: string | null;
  columns_config: string | null;
  order_config: string | null;
  filter_config: string | null;
  pagination_config: string | null;
};

export const getTablePresets = (type: string) => api<TablePreset[]>('/table-presets', { query: { type } });
export const createTablePreset = (body: Omit<TablePreset, 'id'>) => api<TablePreset>('/table-presets', { method: 'POST', body });
export const renameTablePreset = (id: number | string, label: string) => api<TablePreset>(`/table-presets/${id}`, { method: 'PUT', body: { label } });
export const deleteTablePreset = (id: number | string) => api<unknown>(`/table-presets/${id}`, { method: 'DELETE' });
