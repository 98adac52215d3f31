import { listParams, type ListRequest } from '@/components/list/api/get-list';
import { client, querySerializer, unwrap } from '@/lib/api-client';
import type { Paginated } from '@/types/models';
import type { Contract } from './types';

export const getContracts = (req: Omit<ListRequest, 'route'>, signal?: AbortSignal) =>
  unwrap(client.GET('/api/contracts', { querySerializer: querySerializer(listParams(req)), signal })) as Promise<Paginated<Contract>>;
