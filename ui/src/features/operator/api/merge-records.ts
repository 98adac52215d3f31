import { api } from '@/lib/api-client';

/** POST /api/tickets/merge or /api/companies/merge {ids}: the first id survives. */
export const mergeRecords = (route: 'tickets' | 'companies', ids: (number | string)[]) =>
  api<unknown>(`/${route}/merge`, { method: 'POST', body: { ids } });
