// GET /api/search: the records and messages matching a text, grouped by kind (best first
// within a kind). The same call serves both audiences: the server limits what a client finds.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { client, unwrap } from '@/lib/api-client';
import type { components } from '@/types/api';

export type SearchResult = components['schemas']['SearchResult'];
export type SearchGroup = components['schemas']['SearchGroup'];

/** SPEC: a search needs at least 2 characters. */
export const MIN_SEARCH_LENGTH = 2;
/** SPEC: search is debounced 300 ms. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The kinds in the order the server groups them. */
export const SEARCH_KINDS = ['ticket', 'message', 'company', 'client', 'asset', 'quote', 'invoice', 'contract', 'subscription'] as const;

export async function search(q: string, limit?: number): Promise<SearchGroup[]> {
  const answer = await unwrap(client.GET('/api/search', { params: { query: { q, ...(limit ? { limit } : {}) } } }));
  return (answer as { groups?: SearchGroup[] } | undefined)?.groups ?? [];
}

/**
 * The groups for a text once it is long enough; while the next answer is on its way the
 * previous one stays (no empty flash while typing).
 */
export function useSearch(q: string, { enabled = true, limit }: { enabled?: boolean; limit?: number } = {}) {
  const text = q.trim();
  return useQuery({
    queryKey: ['search', text, limit ?? null],
    queryFn: () => search(text, limit),
    enabled: enabled && text.length >= MIN_SEARCH_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** Results per page of the all-results page. */
export const SEARCH_PAGE_SIZE = 20;

export type SearchPage = { results: SearchResult[]; page: number; hasMore: boolean };

/** One page of one kind's results (GET /api/search with types and page). */
export async function searchPage(q: string, kind: string, page: number, perPage = SEARCH_PAGE_SIZE): Promise<SearchPage> {
  const answer = await unwrap(client.GET('/api/search', { params: { query: { q, types: kind, page, per_page: perPage } } }));
  const results = answer?.groups?.find((g) => g.kind === kind)?.results ?? [];
  return { results, page, hasMore: Boolean(answer?.has_more) };
}

/** A page of one kind's results; the page shown stays while the next one loads. */
export function useSearchPage(q: string, kind: string | undefined, page: number) {
  const text = q.trim();
  return useQuery({
    queryKey: ['search-page', text, kind ?? null, page],
    queryFn: () => searchPage(text, kind ?? '', page),
    enabled: Boolean(kind) && text.length >= MIN_SEARCH_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
