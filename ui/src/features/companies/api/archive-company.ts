import { client, unwrap } from '@/lib/api-client';

const company = (id: number | string) => ({ params: { path: { company_id: String(id) } } });

/** POST /api/companies/{id}/archive. */
export const archiveCompany = (id: number | string) => unwrap(client.POST('/api/companies/{company_id}/archive', company(id)));

/** POST /api/companies/{id}/restore: archived_at back to null. */
export const restoreCompany = (id: number | string) => unwrap(client.POST('/api/companies/{company_id}/restore', company(id)));
