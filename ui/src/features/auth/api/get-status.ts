import { api } from '@/lib/api-client';
import type { SystemStatus } from '@/types/models';

export const getStatus = () => api<SystemStatus>('/system/status', { silent: true });
