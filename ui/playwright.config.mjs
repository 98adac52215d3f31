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

// Specs that only open pages and measure them, and the one that must come last.
const PAGE_CHECKS = ['**/16-page-fit.spec.mjs', '**/18-layout-shift.spec.mjs', '**/23-tap-targets.spec.mjs'];
const MERGE = '**/99-operator-company-merge.spec.mjs';

export default defineConfig({
  testDir: join(here, 'e2e', 'tests'),
  testMatch: '**/*.spec.mjs',
  outputDir: join(artefacts, 'results'),
  // Two workers: one walks the journeys, the other (and both once the journeys are done)
  // takes the page checks, each on its own page, against the same server.
  workers: 2,
  fullyParallel: false,
  projects: [
    // The journeys change the demo tenant's data and share it: one worker, in file order.
    { name: 'journeys', testIgnore: [...PAGE_CHECKS, MERGE], workers: 1 },
    // The page checks only open pages and measure them (width, axe, layout shift, target
    // size): every test stands alone and any worker may take it.
    { name: 'pages', testMatch: PAGE_CHECKS, fullyParallel: true },
    // The company merge changes what the others open: it comes after all of them (a failed
    // test before it leaves it skipped; `--no-deps` runs it alone).
    { name: 'merge', testMatch: MERGE, dependencies: ['journeys', 'pages'] },
  ],
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
