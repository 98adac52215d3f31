import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from '@/lib/i18n';

export function NotFound() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const domain = params.get('d');
  return (
    <main className="error-page">
      <h1>404</h1>
      <p>{domain ? t('errors.tenant_not_found', { domain }) : t('errors.not_found')}</p>
      {!domain && <Link to="/tickets">{t('errors.home')}</Link>}
    </main>
  );
}
