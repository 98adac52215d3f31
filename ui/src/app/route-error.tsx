import { useTranslation } from '@/lib/i18n';

/** Shown when a screen fails to load (its code did not arrive in time, or it crashed). */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <main className="error-page" role="alert">
      <h1>{t('errors.load_failed')}</h1>
      <button type="button" onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </button>
    </main>
  );
}
