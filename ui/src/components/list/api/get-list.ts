import { client, querySerializer, unwrap } from '@/lib/api-client';
import { listPath, type ListRoute } from '@/lib/api-routes';
import { builderParams, type Builder } from '@/lib/builder';
import type { Paginated } from '@/types/models';

export type ListRequest = { route: ListRoute; builder: Builder; page: number; version?: number };

/** The list's query: the builder's clauses, the page and the list's version. */
export function listParams({ builder, page, version }: Omit<ListRequest, 'route'>) {
  const params = new URLSearchParams(builderParams(builder));
  params.set('page', String(page));
  if (version) params.set('version', String(version));
  return params;
}

/** One page of the list a configuration names by its route (typed per feature in get-*.ts). */
export function getList<T>({ route, ...request }: ListRequest, signal?: AbortSignal) {
  // The rows differ per route; each feature's get-*.ts names its own.
  return unwrap(client.GET(listPath(route), { querySerializer: querySerializer(listParams(request)), signal })) as Promise<Paginated<T>>;
}
