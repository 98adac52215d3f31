import { client, quietClient, unwrap } from '@/lib/api-client';
import { authStorage } from '@/lib/auth-storage';
import type { User } from '@/types/models';

export type Credentials = { username: string; password: string } | { code: string; portal: true };

/** Signs in and keeps the tokens; the caller loads the rest of the session. */
export async function login(credentials: Credentials, silent = false) {
  const answer = await unwrap((silent ? quietClient : client).POST('/api/auth/login', { body: credentials }));
  authStorage.setSession(answer.access_token, answer.refresh_token);
  // The API declares the user as a free object; User names its fields.
  return { ...answer, user: answer.user as User };
}
