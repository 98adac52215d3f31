// Browser tests of the portal against a running server (none is started here).
//   LEDGERDESK_E2E_URL        server base URL (default http://localhost:8000)
//   LEDGERDESK_E2E_ARTEFACTS  screenshot folder (default <repo>/test-artefacts/e2e)
//   LEDGERDESK_E2E_ONLY       run only the tests whose name contains this text
import { mkdir, readdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const baseUrl = (process.env.LEDGERDESK_E2E_URL ?? 'http://localhost:8000').replace(/\/$/, '');
const artefacts = resolve(process.env.LEDGERDESK_E2E_ARTEFACTS ?? join(here, '..', '..', 'test-artefacts', 'e2e'));
const only = process.env.LEDGERDESK_E2E_ONLY ?? '';
const executablePath = process.env.LEDGERDESK_E2E_CHROMIUM ?? '/usr/bin/chromium';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function loadTests() {
  const dir = join(here, 'tests');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.mjs')).sort();
  const tests = [];
  for (const file of files) {
    const mod = await import(pathToFileURL(join(dir, file)).href);
    for (const t of mod.tests ?? []) tests.push({ ...t, file });
  }
  return tests.filter((t) => t.name.includes(only));
}

async function main() {
  await mkdir(artefacts, { recursive: true });
  const tests = await loadTests();
  const browser = await chromium.launch({ executablePath, args: ARGS, headless: true });
  let passed = 0;
  let failed = 0;
  try {
    for (const test of tests) {
      const context = await browser.newContext({
        viewport: test.viewport ?? { width: 1280, height: 900 },
        acceptDownloads: true,
        isMobile: Boolean(test.mobile),
        hasTouch: Boolean(test.mobile),
      });
      const page = await context.newPage();
      page.setDefaultTimeout(15000);
      const started = Date.now();
      const shot = (suffix = '') => page.screenshot({ path: join(artefacts, `${test.slug}${suffix}.png`), fullPage: true });
      try {
        await test.run({ page, context, baseUrl, artefacts, shot });
        await shot();
        passed += 1;
        console.log(`ok   ${test.name} (${Date.now() - started} ms)`);
      } catch (error) {
        failed += 1;
        await shot('-failed').catch(() => undefined);
        console.log(`FAIL ${test.name}\n     ${String(error?.stack ?? error).split('\n').slice(0, 6).join('\n     ')}`);
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exitCode = failed > 0 || tests.length === 0 ? 1 : 0;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
