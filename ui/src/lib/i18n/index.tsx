import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { en, type MessageKey } from './en';
import { nl } from './nl';
import { de } from './de';

export const LANGUAGES = ['nl', 'en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'nl';
export const FALLBACK_LANGUAGE: Language = 'en';
export const LANGUAGE_STORAGE_KEY = 'APP_LANGUAGE';

export type Dictionary = Partial<Record<MessageKey, string>>;
export const dictionaries: Record<Language, Dictionary> = { nl, en, de };

export type Params = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: Params) => string;

/** Looks a key up in the language, then in the fallback language, then shows the key. */
export function translate(
  language: Language,
  key: MessageKey,
  params: Params = {},
  dicts: Record<Language, Dictionary> = dictionaries,
): string {
  return lookUp(dicts, language, key, params);
}

/** translate() over any set of dictionaries (a feature may keep its own texts). */
export function lookUp<K extends string>(
  dicts: Record<Language, Partial<Record<K, string>>>,
  language: Language,
  key: K,
  params: Params = {},
): string {
  const text = dicts[language][key] ?? dicts[FALLBACK_LANGUAGE][key] ?? key;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

export function storedLanguage(): Language {
  const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : DEFAULT_LANGUAGE;
}

type I18nValue = { language: Language; setLanguage: (l: Language) => void; t: Translate };
const I18nContext = createContext<I18nValue | null>(null);

export function I18nProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState<Language>(storedLanguage);
  const setLanguage = useCallback((l: Language) => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, l);
    setLanguageState(l);
  }, []);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  const t = useCallback<Translate>((key, params) => translate(language, key, params), [language]);
  const value = useMemo(() => ({ language, setLanguage, t }), [language, setLanguage, t]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n outside I18nProvider');
  return value;
}

/** The chosen language; outside the provider (a lone component), the stored one. */
export function useLanguage(): Language {
  return useContext(I18nContext)?.language ?? storedLanguage();
}

export type { MessageKey };
