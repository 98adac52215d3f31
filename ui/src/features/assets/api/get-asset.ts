import { useDetail } from '@/lib/use-detail';
import type { AssetDetail } from './types';

export const useAsset = (id: string | undefined) => useDetail<AssetDetail>('assets', id);
