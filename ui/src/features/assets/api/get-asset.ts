import { client, unwrap } from '@/lib/api-client';
import { useDetail } from '@/lib/use-detail';
import type { AssetDetail } from './types';

/** GET /api/assets/{id}: one asset (through the client given). */
export const loadAsset = (id: string, api = client) =>
  unwrap(api.GET('/api/assets/{record_id}', { params: { path: { record_id: id } } })) as Promise<AssetDetail>;

export const useAsset = (id: string | undefined) => useDetail('assets', id, loadAsset);
