// The API's collections, read from the generated paths (types/api.ts): a route a list or
// a record page names must be one the API serves, or the type check fails.
import type { paths } from '@/types/api';

type Served<M extends string> = {
  [P in keyof paths]: paths[P] extends Record<M, object> ? P : never;
}[keyof paths];

/** A collection with a list, GET /api/{route} ('tickets', 'ticket-templates', 'slas'...). */
export type ListRoute = Served<'get'> extends infer P ? (P extends `/api/${infer R}` ? (R extends `${string}/${string}` ? never : R) : never) : never;

/** The path of a collection's list, as the generated client takes it. */
export const listPath = <R extends ListRoute>(route: R) => `/api/${route}` as const;
