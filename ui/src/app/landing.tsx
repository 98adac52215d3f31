// Where / (and an unknown address) leads: operators to their workspace, clients to the
// portal's tickets. Without a session the portal's guard takes over (login, quote token).
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { authStorage } from '@/lib/auth-storage';
import { useTranslation } from '@/lib/i18n';
import { homePath, useSession } from '@/lib/session';
import { getMe } from '@/features/auth/api/get-me';
import { takeEarlySession } from './early-session';

export function Landing() {
  const { t } = useTranslation();
  const session = useSession();
  const known = session.user ? homePath(session.user) : authStorage.portalToken() ? null : '/tickets';
  const [target, setTarget] = useState<string | null>(known);
  const { setMe } = session;

  useEffect(() => {
    if (target) return;
    let alive = true;
    (takeEarlySession().me ?? getMe()).then(
      (me) => {
        setMe(me.user, me.lookups);
        if (alive) setTarget(homePath(me.user));
      },
      // The guard on /tickets deals with a session that no longer holds.
      () => alive && setTarget('/tickets'),
    );
    return () => {
      alive = false;
    };
  }, [target, setMe]);

  return target ? <Navigate to={target} replace /> : <Spinner label={t('common.loading')} />;
}
