import { client, unwrap } from '@/lib/api-client';

/** POST /api/tickets/merge or /api/companies/merge {ids}: the first id survives. */
export const mergeRecords = (route: 'tickets' | 'companies', ids: (number | string)[]) =>
  unwrap(client.POST(`/api/${route}/merge`, { body: { ids: ids.map(String) } }));
