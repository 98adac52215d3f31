import { client, unwrap } from '@/lib/api-client';
import { useDetail } from '@/lib/use-detail';
import type { AssetDetail } from './types';

const load = (id: string) =>
  unwrap(client.GET('/api/assets/{record_id}', { params: { path: { record_id: id } } })) as Promise<AssetDetail>;

export const useAsset = (id: string | undefined) => useDetail('assets', id, load);
