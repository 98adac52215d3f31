import { api } from '@/lib/api-client';

export type ResetBody = { token: string; password: string; password_confirmation: string };

export const resetPassword = (body: ResetBody) =>
  api<{ message: string }>('/auth/password/reset', { method: 'POST', body });
