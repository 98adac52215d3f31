import { api } from '@/lib/api-client';
import type { Id, Ticket } from '../types';

/** POST /api/{route}/{id}/clone: a new ticket with this one's fields. */
export const cloneTicket = (id: Id, route = 'tickets') => api<Ticket>(`/${route}/${id}/clone`, { method: 'POST' });

/** POST /api/{route}/{id}/restore: a deleted ticket back from the bin. */
export const restoreTicket = (id: Id, route = 'tickets') => api<Ticket>(`/${route}/${id}/restore`, { method: 'POST' });

/** DELETE /api/{route}/{id}: the ticket to the bin (restore brings it back). */
export const deleteTicket = (id: Id, route = 'tickets') => api<{ message?: string }>(`/${route}/${id}`, { method: 'DELETE' });
