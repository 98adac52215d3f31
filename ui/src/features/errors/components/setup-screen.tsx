import { useTranslation } from '@/lib/i18n';

export function SetupScreen() {
  const { t } = useTranslation();
  return (
    <main className="error-page">
      <h1>{t('setup.title')}</h1>
      <p>{t('setup.text')}</p>
    </main>
  );
}
