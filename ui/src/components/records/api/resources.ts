// The generic resource calls of SPEC §7.2, as the operator pages use them, all through
// the generated client. A list and a setting list's order have one path each; a record's
// own path names its id differently per collection and method (record_id, ticket_id,
// user_id...), so those calls are typed by the collection's route and the method: the
// route must have that path, the body is the path's request model and the answer its
// response model.
import { client, quietClient, querySerializer, unwrap } from '@/lib/api-client';
import { listPath, type ListRoute } from '@/lib/api-routes';
import { builderParams, type Builder } from '@/lib/builder';
import { preload, takePreloaded } from '@/lib/preload';
import type { paths } from '@/types/api';
import type { ListPage } from '@/types/operator';

type Method = 'get' | 'put' | 'post' | 'delete';
type Operation<P extends keyof paths, M extends Method> = paths[P] extends Record<M, infer O> ? O : never;
type Json<C> = C extends { content: { 'application/json': infer D } } ? D : never;
/** What a 200 (or 201) answer of the operation carries. */
type Answer<O> = O extends { responses: infer R } ? (R extends { 200: infer A } ? Json<A> : R extends { 201: infer A } ? Json<A> : never) : never;
/** The operation's JSON request body. */
type BodyOf<O> = O extends { requestBody?: infer B } ? Json<NonNullable<B>> : never;

/** /api/{route}/{id} of a collection, with the method M. */
type RecordPath<R extends string, M extends Method> = {
  [P in keyof paths]: P extends `/api/${R}/{${string}}`
    ? P extends `/api/${R}/{${string}}/${string}`
      ? never
      : paths[P] extends Record<M, object>
        ? P
        : never
    : never;
}[keyof paths];

/** A collection whose records answer the method M at /api/{route}/{id}. */
export type RecordRoute<M extends Method> = {
  [P in keyof paths]: P extends `/api/${infer R}/{${string}}`
    ? R extends `${string}/${string}`
      ? never
      : paths[P] extends Record<M, object>
        ? R
        : never
    : never;
}[keyof paths];

/** A collection with POST /api/{route}. */
export type CreatableRoute = {
  [P in keyof paths]: P extends `/api/${infer R}` ? (R extends `${string}/${string}` ? never : paths[P] extends Record<'post', object> ? R : never) : never;
}[keyof paths];

/** A collection whose records have POST /api/{route}/{id}/{action} (archive, restore). */
export type ActionRoute<A extends string> = {
  [P in keyof paths]: P extends `/api/${infer R}/{${string}}/${A}` ? (R extends `${string}/${string}` ? never : paths[P] extends Record<'post', object> ? R : never) : never;
}[keyof paths];

/** A collection the shared record pages serve: list, show, create and edit. */
export type RecordKindRoute = ListRoute & RecordRoute<'get'> & RecordRoute<'put'> & CreatableRoute;

export type RecordOf<R extends RecordRoute<'get'>> = Answer<Operation<RecordPath<R, 'get'>, 'get'>>;
export type RecordChanges<R extends RecordRoute<'put'>> = BodyOf<Operation<RecordPath<R, 'put'>, 'put'>>;
export type UpdatedRecord<R extends RecordRoute<'put'>> = Answer<Operation<RecordPath<R, 'put'>, 'put'>>;
export type NewRecord<R extends CreatableRoute> = BodyOf<Operation<`/api/${R}`, 'post'>>;
export type CreatedRecord<R extends CreatableRoute> = Answer<Operation<`/api/${R}`, 'post'>>;

type Init = { body?: unknown; querySerializer?: () => string; signal?: AbortSignal };
type Call = (path: string, init: Init & { params: { path: { id: string } } }) => Promise<{ data?: unknown; response: Response }>;
type Calls = Record<'GET' | 'PUT' | 'POST' | 'DELETE', Call>;

/**
 * One call on a record's path. The types above have checked the route, the body and the
 * answer against the generated paths; at run time the path's parameter is called `id`
 * (openapi-fetch fills `{id}` from params.path), since its name differs per collection.
 */
function onRecord(method: keyof Calls, route: string, id: number | string, suffix = '', init: Init = {}, quiet = false) {
  const via = (quiet ? quietClient : client) as unknown as Calls;
  return unwrap(via[method](`/api/${route}/{id}${suffix}`, { ...init, params: { path: { id: String(id) } } }));
}

export function listRecords<T>(route: ListRoute, builder: Builder, page = 1) {
  const params = new URLSearchParams(builderParams(builder));
  params.set('page', String(page));
  // The rows differ per route; the caller names them.
  return unwrap(client.GET(listPath(route), { querySerializer: querySerializer(params) })) as Promise<ListPage<T>>;
}

/** GET /api/{route}?search=text[&company_id=..]: a list's first rows matching a text, quietly. */
export function searchRecords<T>(route: ListRoute, text: string, companyId?: number | string | null, signal?: AbortSignal) {
  const query = { search: text, ...(companyId !== undefined && companyId !== null ? { company_id: String(companyId) } : {}) };
  // The rows differ per route; the caller names them.
  return unwrap(quietClient.GET(listPath(route), { querySerializer: querySerializer(query), signal })) as Promise<ListPage<T>>;
}

type GetOptions = { withRelations?: string[]; signal?: AbortSignal; quiet?: boolean };

const recordKey = (route: string, id: number | string, withRelations: string[]) => `GET /api/${route}/${id}?with=${withRelations.join(',')}`;

/** GET /api/{route}/{id} with builder[with][] relations (the early answer if the route table started it). */
export function getRecord<R extends RecordRoute<'get'>>(route: R, id: number | string, options: GetOptions = {}) {
  return takePreloaded(recordKey(route, id, options.withRelations ?? []), () => readRecord(route, id, options));
}

/** Starts a record page's GET /api/{route}/{id} beside the download of the page's code. */
export function preloadRecord(route: RecordRoute<'get'>, id: number | string, withRelations: string[] = []) {
  preload(recordKey(route, id, withRelations), () => readRecord(route, id, { withRelations, quiet: true }));
}

function readRecord<R extends RecordRoute<'get'>>(route: R, id: number | string, { withRelations = [], signal, quiet }: GetOptions) {
  const params = new URLSearchParams();
  withRelations.forEach((r) => params.append('builder[with][]', r));
  return onRecord('GET', route, id, '', { querySerializer: querySerializer(params), signal }, quiet) as Promise<RecordOf<R>>;
}

/** POST /api/{route}: the new record. */
export const createRecord = <R extends CreatableRoute>(route: R, body: NewRecord<R>) =>
  unwrap((client as unknown as { POST: (path: string, init: Init) => Promise<{ data?: unknown; response: Response }> }).POST(`/api/${route}`, { body })) as Promise<CreatedRecord<R>>;

/** PUT /api/{route}/{id}: the changed fields (and the loaded version, where versioned). */
export const updateRecord = <R extends RecordRoute<'put'>>(route: R, id: number | string, body: RecordChanges<R>) =>
  onRecord('PUT', route, id, '', { body }) as Promise<UpdatedRecord<R>>;

export const deleteRecord = (route: RecordRoute<'delete'>, id: number | string) => onRecord('DELETE', route, id);

/** POST /api/{route}/{id}/archive or /restore: the record as it now is. */
export type ArchivableRoute = ActionRoute<'archive'> & ActionRoute<'restore'>;
export const archiveRecord = (route: ArchivableRoute, id: number | string, archive: boolean) =>
  onRecord('POST', route, id, archive ? '/archive' : '/restore');

/** A setting list that can be reordered: PUT /api/{route}/{item_id}/update-order. */
export type OrderedRoute = {
  [P in keyof paths]: P extends `/api/${infer R}/{item_id}/update-order` ? R : never;
}[keyof paths];

/** PUT /api/{route}/{id}/update-order {order}: the item's new 1-based position. */
export const updateOrder = (route: OrderedRoute, id: number | string, order: number) =>
  unwrap(client.PUT(`/api/${route}/{item_id}/update-order`, { params: { path: { item_id: Number(id) } }, body: { order } }));
