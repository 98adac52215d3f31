import { quietClient, unwrap } from '@/lib/api-client';
import { authStorage } from '@/lib/auth-storage';

/** Ends the session on the server when it can, and always forgets the tokens here. */
export async function logout() {
  const refresh = authStorage.refreshToken();
  try {
    if (authStorage.portalToken()) {
      await unwrap(quietClient.POST('/api/auth/logout', { body: refresh ? { refresh_token: refresh } : {} }));
    }
  } catch {
    // The tokens go regardless.
  } finally {
    authStorage.clear();
  }
}
