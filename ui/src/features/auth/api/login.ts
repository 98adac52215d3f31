import { api } from '@/lib/api-client';
import { authStorage } from '@/lib/auth-storage';
import type { User } from '@/types/models';

type Answer = { user: User; access_token: string; refresh_token?: string; expires_in?: number };

export type Credentials = { username: string; password: string } | { code: string; portal: true };

/** Signs in and keeps the tokens; the caller loads the rest of the session. */
export async function login(credentials: Credentials, silent = false) {
  const answer = await api<Answer>('/auth/login', { method: 'POST', body: credentials, silent });
  authStorage.setSession(answer.access_token, answer.refresh_token);
  return answer;
}
