import { listParams, type ListRequest } from '@/components/list/api/get-list';
import { client, querySerializer, unwrap } from '@/lib/api-client';
import type { Paginated } from '@/types/models';
import type { Quote } from './types';

export const getQuotes = (req: Omit<ListRequest, 'route'>, signal?: AbortSignal) =>
  unwrap(client.GET('/api/quotes', { querySerializer: querySerializer(listParams(req)), signal })) as Promise<Paginated<Quote>>;
