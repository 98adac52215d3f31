import { api } from '@/lib/api-client';

export const requestPasswordReset = (email: string) =>
  api<{ message: string }>('/auth/password/email', { method: 'POST', body: { email } });
