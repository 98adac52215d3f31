import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/i18n';
import { login } from '../api/login';

/** Sign-in with a code from the external single sign-on. */
export function MsGraphCode() {
  const { code = '' } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    login({ code, portal: true })
      .then(() => navigate('/tickets', { replace: true }))
      .catch(() => navigate('/login', { replace: true }));
  }, [code, navigate]);
  return <Spinner label={t('auth.signing_in')} />;
}
