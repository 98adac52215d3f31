import { api } from '@/lib/api-client';
import type { Me } from '@/types/models';

export const getMe = () => api<Me>('/auth/me');
