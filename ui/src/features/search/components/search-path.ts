import { OPERATOR_BASE } from '@/lib/workspace-paths';

/** The address of the all-results page for a text (a kind and page when not the first). */
export function searchPagePath(audience: 'portal' | 'operator', q: string, kind?: string, page = 1): string {
  const params = new URLSearchParams({ q: q.trim() });
  if (kind) params.set('kind', kind);
  if (page > 1) params.set('page', String(page));
  return `${audience === 'operator' ? OPERATOR_BASE : ''}/search?${params.toString()}`;
}
