import type { components } from '@/types/api';

export type Asset = components['schemas']['AssetRow'];
export type AssetDetail = components['schemas']['AssetDetail'];
