import { api } from '@/lib/api-client';
import type { Id } from '../types';

/** PUT /api/notifications/{id}/read. */
export const markNotificationRead = (id: Id) => api<unknown>(`/notifications/${id}/read`, { method: 'PUT' });
