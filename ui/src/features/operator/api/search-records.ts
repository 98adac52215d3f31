import { api } from '@/lib/api-client';
import { builderParams, type Builder } from '@/lib/builder';
import type { ListPage } from '../types';

export const SEARCH_PAGE_SIZE = 15;

/** GET /api/{route}?builder[s]=text plus constraints (company, archived_at null...). */
export function searchRecords<T>(route: string, text: string, constraints: Builder = {}, signal?: AbortSignal) {
  const params = new URLSearchParams(builderParams({ ...constraints, s: text, paginate: SEARCH_PAGE_SIZE }));
  return api<ListPage<T>>(`/${route}`, { query: params, signal }).then((r) => r.data);
}
