import { api } from '@/lib/api-client';

/** POST /api/companies/{id}/archive. */
export const archiveCompany = (id: number) => api<unknown>(`/companies/${id}/archive`, { method: 'POST' });

/** Restore is an update that clears archived_at. */
export const restoreCompany = (id: number) => api<unknown>(`/companies/${id}`, { method: 'PUT', body: { archived_at: null } });
