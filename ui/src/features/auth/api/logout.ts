import { api } from '@/lib/api-client';
import { authStorage } from '@/lib/auth-storage';

/** Ends the session on the server when it can, and always forgets the tokens here. */
export async function logout() {
  const refresh = authStorage.refreshToken();
  try {
    if (authStorage.portalToken()) {
      await api('/auth/logout', { method: 'POST', body: refresh ? { refresh_token: refresh } : {}, silent: true });
    }
  } catch {
    // The tokens go regardless.
  } finally {
    authStorage.clear();
  }
}
