import { client, quietClient, unwrap } from './api-client';
import type { Id, User, UserConfig } from '@/types/models';

export type ConfigKind = 'filter' | 'order' | 'pagination' | 'columns';

export const configName = (userId: Id, kind: ConfigKind, route: string) => `${userId}_${kind}_${route}`;

const CACHE_PREFIX = 'ledgerdesk:config:';

/** A saved choice: the local cache first (it is newest), then the user's stored configs. */
export function readConfig<T>(user: User, kind: ConfigKind, route: string): T | null {
  const name = configName(user.id, kind, route);
  const raw = localStorage.getItem(CACHE_PREFIX + name) ?? user.configs.find((c) => c.name === name)?.value;
  if (raw === undefined || raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function cacheConfigs(configs: UserConfig[]) {
  for (const c of configs) localStorage.setItem(CACHE_PREFIX + c.name, c.value);
}

/** POST /auth/me with the per-user table layout; quiet unless the user asked to save. */
export function saveConfigs(configs: UserConfig[], silent = true) {
  cacheConfigs(configs);
  return unwrap((silent ? quietClient : client).POST('/api/auth/me', { body: { relationships: { configs } } }));
}
