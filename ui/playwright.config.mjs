// Browser tests on @playwright/test against a running server (tests/e2e/run-browser-tests.sh
// seeds a database, serves it on a free port and sets LEDGERDESK_E2E_URL).
//   LEDGERDESK_E2E_URL        server base URL (default http://localhost:8000)
//   LEDGERDESK_E2E_ARTEFACTS  where traces and screenshots go (default <repo>/test-artefacts/e2e)
//   LEDGERDESK_E2E_CHROMIUM   the browser (default Debian's /usr/bin/chromium)
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const here = dirname(fileURLToPath(import.meta.url));
const artefacts = resolve(process.env.LEDGERDESK_E2E_ARTEFACTS ?? join(here, '..', 'test-artefacts', 'e2e'));

// `npx playwright install` cannot reach its download host here: Debian's Chromium it is.
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: join(here, 'e2e', 'tests'),
  testMatch: '**/*.spec.mjs',
  outputDir: join(artefacts, 'results'),
  // The journeys share the demo tenant and run in file order: the company merge comes last.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['html', { outputFolder: join(artefacts, 'report'), open: 'never' }]],
  use: {
    baseURL: (process.env.LEDGERDESK_E2E_URL ?? 'http://localhost:8000').replace(/\/$/, ''),
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
    actionTimeout: 15_000,
    navigationTimeout: 15_000,
    trace: 'retain-on-failure',
    screenshot: { mode: 'only-on-failure', fullPage: true },
    launchOptions: {
      executablePath: process.env.LEDGERDESK_E2E_CHROMIUM ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
});
