import { api } from '@/lib/api-client';
import { builderParams, type Builder } from '@/lib/builder';
import type { Paginated } from '@/types/models';

export type ListRequest = { route: string; builder: Builder; page: number; version?: number };

export function getList<T>({ route, builder, page, version }: ListRequest, signal?: AbortSignal) {
  const params = new URLSearchParams(builderParams(builder));
  params.set('page', String(page));
  if (version) params.set('version', String(version));
  return api<Paginated<T>>(`/${route}`, { query: params, signal });
}
