import { listParams, type ListRequest } from '@/components/list/api/get-list';
import { client, querySerializer, unwrap } from '@/lib/api-client';
import type { Paginated } from '@/types/models';
import type { Asset } from './types';

export const getAssets = (req: Omit<ListRequest, 'route'>, signal?: AbortSignal) =>
  unwrap(client.GET('/api/assets', { querySerializer: querySerializer(listParams(req)), signal })) as Promise<Paginated<Asset>>;
