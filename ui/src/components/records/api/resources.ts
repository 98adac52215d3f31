// The generic resource calls of SPEC §7.2, as the operator pages use them.
import { api } from '@/lib/api-client';
import { builderParams, type Builder } from '@/lib/builder';
import type { ListPage } from '@/types/operator';

export function listRecords<T>(route: string, builder: Builder, page = 1) {
  const params = new URLSearchParams(builderParams(builder));
  params.set('page', String(page));
  return api<ListPage<T>>(`/${route}`, { query: params });
}

/** GET /api/{route}/{id} (or another show path) with builder[with][] relations. */
export function getRecord<T>(route: string, id: number | string, withRelations: string[] = [], path?: string) {
  const params = new URLSearchParams();
  withRelations.forEach((r) => params.append('builder[with][]', r));
  return api<T>(path ?? `/${route}/${id}`, { query: params });
}

export const createRecord = <T>(route: string, body: unknown) => api<T>(`/${route}`, { method: 'POST', body });
export const updateRecord = <T>(route: string, id: number | string, body: unknown) =>
  api<T>(`/${route}/${id}`, { method: 'PUT', body });
export const deleteRecord = (route: string, id: number | string) => api<unknown>(`/${route}/${id}`, { method: 'DELETE' });

/** PUT /api/{route}/{id}/update-order {order}: the item's new 1-based position. */
export const updateOrder = (route: string, id: number | string, order: number) =>
  api<unknown>(`/${route}/${id}/update-order`, { method: 'PUT', body: { order } });
