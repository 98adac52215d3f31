import { client, unwrap } from '@/lib/api-client';
import type { NewTablePreset, TablePreset as Preset } from '@/types/models';

export type TablePreset = Preset;

const preset = (id: number | string) => ({ params: { path: { preset_id: String(id) } } });

export const getTablePresets = (type: string) => unwrap(client.GET('/api/table-presets', { params: { query: { type } } }));
export const createTablePreset = (body: NewTablePreset) => unwrap(client.POST('/api/table-presets', { body }));
export const renameTablePreset = (id: number | string, label: string) =>
  unwrap(client.PUT('/api/table-presets/{preset_id}', { ...preset(id), body: { label } }));
export const deleteTablePreset = (id: number | string) => unwrap(client.DELETE('/api/table-presets/{preset_id}', preset(id)));
