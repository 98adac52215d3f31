import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { logout } from '@/features/auth/api/logout';

export function LogoutRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { setMe } = useSession();
  useEffect(() => {
    void logout().then(() => {
      setMe(null, null);
      navigate('/login', { replace: true });
    });
  }, [navigate, setMe]);
  return <Spinner label={t('auth.signing_out')} />;
}
