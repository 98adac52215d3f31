// The generic resource calls of SPEC §7.2, as the operator pages use them. A list and a
// setting list's order go through the generated client by their paths; a record's own
// path names its id differently per collection (record_id, ticket_id, user_id...), so
// those calls are typed by the collection's route and sent to /api/{route}/{id}.
import { api, client, querySerializer, unwrap } from '@/lib/api-client';
import { listPath, type ListRoute } from '@/lib/api-routes';
import { builderParams, type Builder } from '@/lib/builder';
import type { paths } from '@/types/api';
import type { ListPage } from '@/types/operator';

export function listRecords<T>(route: ListRoute, builder: Builder, page = 1) {
  const params = new URLSearchParams(builderParams(builder));
  params.set('page', String(page));
  // The rows differ per route; the caller names them.
  return unwrap(client.GET(listPath(route), { querySerializer: querySerializer(params) })) as Promise<ListPage<T>>;
}

/** GET /api/{route}/{id} (or another show path) with builder[with][] relations. */
export function getRecord<T>(route: ListRoute, id: number | string, withRelations: string[] = [], path?: string) {
  const params = new URLSearchParams();
  withRelations.forEach((r) => params.append('builder[with][]', r));
  return api<T>(path ?? `/${route}/${id}`, { query: params });
}

export const createRecord = <T>(route: ListRoute, body: unknown) => api<T>(`/${route}`, { method: 'POST', body });
export const updateRecord = <T>(route: ListRoute, id: number | string, body: unknown) =>
  api<T>(`/${route}/${id}`, { method: 'PUT', body });
export const deleteRecord = (route: ListRoute, id: number | string) => api<unknown>(`/${route}/${id}`, { method: 'DELETE' });

/** A setting list that can be reordered: PUT /api/{route}/{item_id}/update-order. */
export type OrderedRoute = {
  [P in keyof paths]: P extends `/api/${infer R}/{item_id}/update-order` ? R : never;
}[keyof paths];

/** PUT /api/{route}/{id}/update-order {order}: the item's new 1-based position. */
export const updateOrder = (route: OrderedRoute, id: number | string, order: number) =>
  unwrap(client.PUT(`/api/${route}/{item_id}/update-order`, { params: { path: { item_id: Number(id) } }, body: { order } }));
