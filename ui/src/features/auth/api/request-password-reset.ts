import { client, unwrap } from '@/lib/api-client';

export const requestPasswordReset = (email: string) =>
  unwrap(client.POST('/api/auth/password/email', { body: { email } }));
