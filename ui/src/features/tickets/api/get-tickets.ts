import { listParams, type ListRequest } from '@/components/list/api/get-list';
import { client, querySerializer, unwrap } from '@/lib/api-client';
import type { Paginated } from '@/types/models';
import type { Ticket } from './types';

export const getTickets = (req: Omit<ListRequest, 'route'>, signal?: AbortSignal) =>
  unwrap(client.GET('/api/tickets', { querySerializer: querySerializer(listParams(req)), signal })) as Promise<Paginated<Ticket>>;
