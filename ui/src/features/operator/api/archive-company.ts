import { api } from '@/lib/api-client';

/** POST /api/companies/{id}/archive. */
export const archiveCompany = (id: number | string) => api<unknown>(`/companies/${id}/archive`, { method: 'POST' });

/** POST /api/companies/{id}/restore: archived_at back to null. */
export const restoreCompany = (id: number | string) => api<unknown>(`/companies/${id}/restore`, { method: 'POST' });
