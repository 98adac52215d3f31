/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { fileURLToPath } from 'node:url';
import { pagePreload } from './vite-plugins/page-preload.ts';
import { firstFrame } from './vite-plugins/first-frame.ts';
import { COMMON_SHARED, WORKSPACE_SHARED } from './vite-plugins/chunk-groups.ts';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY } from './src/lib/i18n/languages.ts';
import { en as portalEn } from './src/lib/i18n/portal/en.ts';
import { nl as portalNl } from './src/lib/i18n/portal/nl.ts';
import { de as portalDe } from './src/lib/i18n/portal/de.ts';
import { nl as operatorNl } from './src/lib/i18n/operator/nl.ts';
import { de as operatorDe } from './src/lib/i18n/operator/de.ts';

// The API serves the built portal at /app in browser-history mode.
export default defineConfig(({ mode }) => ({
  base: '/app/',
  // `--mode msw` builds a copy that runs on the mock API (src/testing/mocks) for demos
  // and for trying the browser tests without a server.
  publicDir: mode === 'msw' ? 'e2e/msw-public' : 'public',
  // Each text file of the build also as .br and .gz beside it: the API sends the smaller
  // one the browser accepts (api/ui.py), a third of the bytes over a phone's network.
  // The first page's chunk downloads beside the entry's (vite-plugins/page-preload.ts);
  // the frame's bar is drawn before any of it (vite-plugins/first-frame.ts).
  plugins: [
    react(),
    firstFrame({
      portal: { nl: portalNl['app.portal'], en: portalEn['app.portal'], de: portalDe['app.portal'] },
      workspace: { nl: operatorNl.Workspace, en: 'Workspace', de: operatorDe.Workspace },
    }),
    pagePreload(
      [
        { file: 'src/app/routes.tsx', prefix: '', call: 'guarded' },
        { file: 'src/app/operator-routes.tsx', prefix: '/operator', call: 'page' },
      ],
      { '/operator': '@/app/operator-routes' },
      // the workspace's texts, which the page waits for (src/lib/i18n: loadOperatorTexts)
      {
        prefix: '/operator',
        storageKey: LANGUAGE_STORAGE_KEY,
        fallback: DEFAULT_LANGUAGE,
        modules: { nl: '@/lib/i18n/operator/nl', en: null, de: '@/lib/i18n/operator/de' },
      },
    ),
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, logLevel: 'silent' }),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: mode === 'msw' ? 'dist-msw' : 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        // The libraries every page runs, in a chunk of their own: a new build of the app's
        // code leaves them cached. Libraries a few screens use stay with those screens.
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack[\\/](query-core|react-query)|i18next|react-i18next|openapi-fetch)[\\/]/ },
            // The parts of the workspace's pages that most of them share (record pages, their
            // forms and filters), in one chunk instead of twenty small ones: a phone's browser
            // fetches a few files at a time, each a round trip, so twenty files cost several
            // round trips before a page draws. No portal page uses these.
            { name: 'workspace', test: WORKSPACE_SHARED, includeDependenciesRecursively: false },
            // Small helpers both audiences' lists use (formats, the filter language, dialogs).
            { name: 'common', test: COMMON_SHARED, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:8000' } },
  test: {
    environment: 'jsdom',
    globals: false,
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/__tests__/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    testTimeout: 20000,
    // A worker per core: left to itself Vitest runs one beside its own process, which on
    // two cores leaves one idle (the suite: 256 s with one worker, 161 s with two).
    maxWorkers: '100%',
  },
}));
