import { api } from '@/lib/api-client';
import { builderParams, type Builder } from '@/lib/builder';
import type { Paginated } from '@/types/models';

export type ListRequest = { route: string; builder: Builder; page: number; version?: number };

/** The list's query: the builder's clauses, the page and the list's version. */
export function listParams({ builder, page, version }: Omit<ListRequest, 'route'>) {
  const params = new URLSearchParams(builderParams(builder));
  params.set('page', String(page));
  if (version) params.set('version', String(version));
  return params;
}

/** One page of the list a configuration names by its route (typed per feature in get-*.ts). */
export function getList<T>({ route, ...request }: ListRequest, signal?: AbortSignal) {
  return api<Paginated<T>>(`/${route}`, { query: listParams(request), signal });
}
