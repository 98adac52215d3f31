import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Lookups, SystemStatus, User } from '@/types/models';
import { translateLookups, useLanguage } from './i18n';

// What the route guard loaded: the tenant's status and the signed-in user.
export type Session = {
  status: SystemStatus | null;
  user: User | null;
  lookups: Lookups | null;
};

type SessionValue = Session & {
  setStatus: (s: SystemStatus | null) => void;
  setMe: (user: User | null, lookups: Lookups | null) => void;
  updateUser: (fn: (u: User) => User) => void;
  can: (permission: string) => boolean;
};

const SessionContext = createContext<SessionValue | null>(null);

export function SessionProvider({ children, initial }: { children: ReactNode; initial?: Partial<Session> }) {
  const [state, setState] = useState<Session>({ status: null, user: null, lookups: null, ...initial });
  const setStatus = useCallback((status: SystemStatus | null) => setState((s) => ({ ...s, status })), []);
  const setMe = useCallback(
    (user: User | null, lookups: Lookups | null) => setState((s) => ({ ...s, user, lookups })),
    [],
  );
  const updateUser = useCallback(
    (fn: (u: User) => User) => setState((s) => (s.user ? { ...s, user: fn(s.user) } : s)),
    [],
  );
  const can = useCallback(
    (permission: string) => Boolean(state.user?.permissions_names.includes(permission)),
    [state.user],
  );
  // Built-in lookup labels (statuses, priorities, periods...) read in the chosen language.
  const language = useLanguage();
  const lookups = useMemo(() => (state.lookups ? translateLookups(state.lookups, language) : null), [state.lookups, language]);
  const value = useMemo(
    () => ({ ...state, lookups, setStatus, setMe, updateUser, can }),
    [state, lookups, setStatus, setMe, updateUser, can],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}

/** Where a signed-in user starts: operators in their workspace, clients in the portal. */
export function homePath(user: Pick<User, 'is_operator'>): string {
  return user.is_operator ? '/operator' : '/tickets';
}

/** The lookup config value, parsed as JSON when it is JSON. */
export function lookupConfig<T>(lookups: Lookups | null, name: string): T | null {
  const raw = lookups?.configs.find((c) => c.name === name)?.value;
  if (raw === undefined) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return raw as unknown as T;
  }
}
