import { client, quietClient, unwrap } from '@/lib/api-client';

/**
 * POST /api/tickets/merge or /api/companies/merge {ids}: the first id survives. `quiet`
 * leaves the error message to the caller, which shows it itself.
 */
export const mergeRecords = (route: 'tickets' | 'companies', ids: (number | string)[], { quiet = false } = {}) =>
  unwrap((quiet ? quietClient : client).POST(`/api/${route}/merge`, { body: { ids: ids.map(String) } }));
