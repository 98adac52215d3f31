import { api } from '@/lib/api-client';
import type { Me } from '@/types/api';

export const getMe = () => api<Me>('/auth/me');
