import { quietClient, unwrap } from '@/lib/api-client';

/** Narrowing a lookup search: by company, or live (not archived) records only. */
export type LookupConstraints = { companyId?: number | string | null; liveOnly?: boolean };

/**
 * GET /api/lookups/{name}?search=text[&company_id=..][&archived_at=null]: the records whose
 * text contains the search (the API refuses fewer than 2 characters).
 */
export async function searchLookup<T>(name: string, text: string, constraints: LookupConstraints = {}, signal?: AbortSignal): Promise<T[]> {
  const query: { search: string; company_id?: string; archived_at?: string } = { search: text };
  if (constraints.companyId !== undefined && constraints.companyId !== null) query.company_id = String(constraints.companyId);
  if (constraints.liveOnly) query.archived_at = 'null';
  const answer = await unwrap(quietClient.GET('/api/lookups/{name}', { params: { path: { name }, query }, signal }));
  return answer as T[];
}

/** GET /api/lookups/{name}/{id}: one record of a lookup, for its label (FoundRecord). */
export const findLookup = (name: string, id: number | string, signal?: AbortSignal) =>
  unwrap(quietClient.GET('/api/lookups/{name}/{record_id}', { params: { path: { name, record_id: String(id) } }, signal }));
