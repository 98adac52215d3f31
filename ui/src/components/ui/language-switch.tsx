import { LANGUAGES, useTranslation, type Language, type MessageKey } from '@/lib/i18n';

export function LanguageSwitch() {
  const { t, language, setLanguage } = useTranslation();
  return (
    <label className="language-switch">
      <span className="visually-hidden">{t('app.language')}</span>
      <select value={language} onChange={(e) => setLanguage(e.target.value as Language)}>
        {LANGUAGES.map((l) => (
          <option key={l} value={l}>
            {t(`language.${l}` as MessageKey)}
          </option>
        ))}
      </select>
    </label>
  );
}
