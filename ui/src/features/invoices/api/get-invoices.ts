import { listParams, type ListRequest } from '@/components/list/api/get-list';
import { client, querySerializer, unwrap } from '@/lib/api-client';
import type { Paginated } from '@/types/models';
import type { Invoice } from './types';

export const INVOICES_VERSION = 2;
export const getInvoices = (req: Omit<ListRequest, 'route' | 'version'>, signal?: AbortSignal) =>
  unwrap(
    client.GET('/api/invoices', { querySerializer: querySerializer(listParams({ ...req, version: INVOICES_VERSION })), signal }),
  ) as Promise<Paginated<Invoice>>;
