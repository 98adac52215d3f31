// The operator side's texts in nl (default), en and de, through the portal's i18n: the
// language chosen in the shell (APP_LANGUAGE), English as the fallback. A key is the
// English text itself, so English needs no dictionary; {name} marks a parameter.
import { useCallback } from 'react';
import { lookUp, useLanguage, type Language, type Params } from '@/lib/i18n';
import { nl } from './nl';
import { de } from './de';

export type OperatorKey = keyof typeof nl & string;
export type Translate = (key: OperatorKey, params?: Params) => string;

const en: Partial<Record<OperatorKey, string>> = {};
export const operatorDictionaries: Record<Language, Partial<Record<OperatorKey, string>>> = { nl, en, de };

/** The operator texts in a language, for code outside components. */
export const textsIn =
  (language: Language): Translate =>
  (key, params) =>
    lookUp(operatorDictionaries, language, key, params);

/** The operator texts in the chosen language. */
export function useT(): Translate {
  const language = useLanguage();
  return useCallback<Translate>((key, params) => lookUp(operatorDictionaries, language, key, params), [language]);
}
