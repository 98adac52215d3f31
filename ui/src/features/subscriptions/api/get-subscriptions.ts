import { listParams, type ListRequest } from '@/components/list/api/get-list';
import { client, querySerializer, unwrap } from '@/lib/api-client';
import type { Paginated } from '@/types/models';
import type { Subscription } from './types';

export const getSubscriptions = (req: Omit<ListRequest, 'route'>, signal?: AbortSignal) =>
  unwrap(client.GET('/api/subscriptions', { querySerializer: querySerializer(listParams(req)), signal })) as Promise<Paginated<Subscription>>;
