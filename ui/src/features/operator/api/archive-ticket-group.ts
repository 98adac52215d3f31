import { api } from '@/lib/api-client';
import type { Id } from '../types';

/** POST /api/ticket-groups/{id}/archive. */
export const archiveTicketGroup = (id: Id) => api<unknown>(`/ticket-groups/${id}/archive`, { method: 'POST' });

/** POST /api/ticket-groups/{id}/restore: archived_at back to null. */
export const restoreTicketGroup = (id: Id) => api<unknown>(`/ticket-groups/${id}/restore`, { method: 'POST' });
