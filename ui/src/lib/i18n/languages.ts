// The languages of the UI and where the one last chosen is kept: plain values, read both by
// the app (./index.tsx) and by the build (vite.config.ts preloads the workspace's texts in
// the stored language).
export const LANGUAGES = ['nl', 'en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'nl';
export const FALLBACK_LANGUAGE: Language = 'en';
export const LANGUAGE_STORAGE_KEY = 'APP_LANGUAGE';
