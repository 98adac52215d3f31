import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from '@/lib/i18n';

export function Forbidden() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [path, routeName] = (params.get('r') ?? '').split('|');
  return (
    <main className="error-page">
      <h1>403</h1>
      <p>{t('errors.forbidden')}</p>
      {path && (
        <p className="muted">
          {path} {routeName && `(${routeName})`}
        </p>
      )}
      <Link to="/tickets">{t('errors.home')}</Link>
    </main>
  );
}
