// The one translation setup of the UI, on i18next: one namespace per audience ('portal'
// keys such as 'nav.tickets', 'operator' keys that are the English text itself), nl as the
// default language (APP_LANGUAGE in localStorage), English as the fallback, then the key.
// Everyone translates through useTranslation(namespace) below; {name} marks a parameter.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import i18next, { type TFunction } from 'i18next';
import { I18nextProvider, initReactI18next, useTranslation as useI18nextTranslation } from 'react-i18next';
import { en, type MessageKey } from './portal/en';
import { nl } from './portal/nl';
import { de } from './portal/de';
import type { nl as operatorNl } from './operator/nl';
import { BUILT_IN_LOOKUPS, LABEL_FIELDS, lookupsDe, lookupsEn, lookupsNl } from './lookups';

import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES, type Language } from './languages';

export { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES, type Language };

export type OperatorKey = keyof typeof operatorNl & string;
/** The keys of each namespace. */
export type Keys = { portal: MessageKey; operator: OperatorKey; lookups: string };
export type Namespace = keyof Keys;
export type Params = Record<string, string | number>;
export type Translate<N extends Namespace = 'portal'> = (key: Keys[N], params?: Params) => string;
export type Dictionary<N extends Namespace = 'portal'> = Partial<Record<Keys[N], string>>;

// The operator texts are not here: they load with the workspace (loadOperatorTexts), so
// the portal never downloads them. English needs none (its keys are the English text).
export const resources = {
  nl: { portal: nl, lookups: lookupsNl },
  en: { portal: en, operator: {}, lookups: lookupsEn },
  de: { portal: de, lookups: lookupsDe },
} satisfies Record<Language, Partial<Record<Namespace, Record<string, string>>>>;

const OPERATOR_TEXTS: Record<Language, () => Promise<Record<string, string>>> = {
  nl: () => import('./operator/nl').then((m) => m.nl),
  en: async () => ({}),
  de: () => import('./operator/de').then((m) => m.de),
};

/** A fresh i18next instance over the given dictionaries (the app's own is `i18n`). */
export function createI18n(dicts: Record<Language, Partial<Record<Namespace, Record<string, string>>>> = resources) {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    // a copy per language: i18next adds later namespaces into the object it is given
    resources: Object.fromEntries(Object.entries(dicts).map(([language, namespaces]) => [language, { ...namespaces }])),
    lng: storedLanguage(),
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: ['portal', 'operator', 'lookups'],
    defaultNS: 'portal',
    // Keys are dotted names or whole English sentences: no nesting, no namespace prefix.
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    returnNull: false,
    returnEmptyString: false,
    initAsync: false,
    showSupportNotice: false,
    // A namespace that arrives later (the operator texts) redraws the screens that use it.
    react: { bindI18nStore: 'added' },
  });
  return instance;
}

export function storedLanguage(): Language {
  const value = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : DEFAULT_LANGUAGE;
}

export const i18n = createI18n();

const operatorTextsWanted = new WeakSet<typeof i18n>();

/**
 * Loads the operator texts of a language (the shown one by default) into an i18next
 * instance, once; from then on a change of language loads that language's texts too.
 */
export function loadOperatorTexts(language: Language = currentLanguage(), instance = i18n): Promise<void> {
  if (!operatorTextsWanted.has(instance)) {
    operatorTextsWanted.add(instance);
    instance.on('languageChanged', (l: string) => {
      if (isLanguage(l)) void loadOperatorTexts(l, instance);
    });
  }
  if (instance.hasResourceBundle(language, 'operator')) return Promise.resolve();
  return OPERATOR_TEXTS[language]().then((texts) => {
    instance.addResourceBundle(language, 'operator', texts, true, true);
  });
}

const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);

function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : storedLanguage();
}

/** The texts of a namespace in a language, for code outside components. */
export function fixedT<N extends Namespace = 'portal'>(language: Language, ns?: N, instance = i18n): Translate<N> {
  const t = instance.getFixedT(language, ns ?? 'portal') as TFunction;
  return (key, params) => t(key, params ?? {}) as string;
}

/** One text in a language (portal keys unless a namespace is given). */
export function translate(language: Language, key: MessageKey, params: Params = {}): string {
  return fixedT(language)(key, params);
}

type LanguageValue = { language: Language; setLanguage: (l: Language) => void };
const LanguageContext = createContext<LanguageValue | null>(null);

export function I18nProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState<Language>(storedLanguage);
  const setLanguage = useCallback((l: Language) => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, l);
    setLanguageState(l);
  }, []);
  useEffect(() => {
    document.documentElement.lang = language;
    if (i18n.language !== language) void i18n.changeLanguage(language);
  }, [language]);
  const value = useMemo(() => ({ language, setLanguage }), [language, setLanguage]);
  return (
    <I18nextProvider i18n={i18n}>
      <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>
    </I18nextProvider>
  );
}

/** The chosen language; outside the provider (a lone component), the stored one. */
export function useLanguage(): Language {
  return useContext(LanguageContext)?.language ?? storedLanguage();
}

/**
 * The one translation hook: react-i18next's useTranslation for a namespace, bound to the
 * language chosen in the shell, with the keys of that namespace typed.
 */
export function useTranslation<N extends Namespace = 'portal'>(
  ns?: N,
): { t: Translate<N>; language: Language; setLanguage: (l: Language) => void } {
  const context = useContext(LanguageContext);
  const language = context?.language ?? storedLanguage();
  const { t: i18nextT } = useI18nextTranslation(ns ?? 'portal', { lng: language, i18n });
  const t = useCallback<Translate<N>>((key, params) => (i18nextT as TFunction)(key, params ?? {}) as string, [i18nextT]);
  const setLanguage = context?.setLanguage ?? noLanguageSwitch;
  return useMemo(() => ({ t, language, setLanguage }), [t, language, setLanguage]);
}

/** A built-in lookup label (a status, priority, period...) in a language; others as they are. */
export function lookupLabel(label: string, language: Language): string {
  return fixedT(language, 'lookups')(label);
}

/** lookupLabel() in the chosen language. */
export function useLookupLabel(): (label: string | null | undefined) => string {
  const { t } = useTranslation('lookups');
  return useCallback((label) => (label ? t(label) : ''), [t]);
}

/** The session's lookups with their built-in labels in a language. */
export function translateLookups<L extends object>(lookups: L, language: Language): L {
  const t = fixedT(language, 'lookups');
  const out = { ...lookups } as Record<string, unknown>;
  for (const kind of BUILT_IN_LOOKUPS) {
    const items = out[kind];
    if (!Array.isArray(items)) continue;
    out[kind] = items.map((item: unknown) => {
      if (!item || typeof item !== 'object') return item;
      const copy: Record<string, unknown> = { ...(item as Record<string, unknown>) };
      for (const field of LABEL_FIELDS) if (typeof copy[field] === 'string') copy[field] = t(copy[field] as string);
      return copy;
    });
  }
  return out as L;
}

function noLanguageSwitch(l: Language) {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, l);
}

export type { MessageKey };
