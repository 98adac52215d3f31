// Page quality as users' browsers measure it: Lighthouse (npm) on Debian's Chromium against a
// freshly seeded server, on every portal and operator list and detail page, with the
// desktop and the mobile preset. Prints performance, accessibility, CLS and TBT per page
// and exits 1 when a page misses CLS <= 0.1, performance >= 0.95 (desktop) / 0.9 (phone)
// or accessibility 1.0. `make lighthouse` runs it; it is not part of `make test`.
//   LEDGERDESK_BIN             the ledgerdesk command (default: on PATH)
//   LIGHTHOUSE_ONLY            measure only the pages whose path matches this regular expression
//                              (plain text: contains it; `^/tickets$` the portal's ticket list alone)
//   LIGHTHOUSE_PRESETS         desktop,mobile (default both)
//   LIGHTHOUSE_OUT             where the JSON of the run goes (default test-artefacts/lighthouse)
//   LIGHTHOUSE_REPORTS=1       also keep each page's whole Lighthouse report (JSON) there, to
//                              see which element shifted or which task blocked
//   LIGHTHOUSE_REPEAT          measure each page this many times (default 1); the table keeps
//                              the median performance score's run
//   LIGHTHOUSE_SERVER          measure a server already running with the demo tenant seeded
//                              (e.g. http://localhost:8000) instead of seeding and serving one
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium } from 'playwright-core';

const ROOT = resolve(import.meta.dirname, '..', '..');
const BIN = process.env.LEDGERDESK_BIN ?? 'ledgerdesk';
const OUT = resolve(process.env.LIGHTHOUSE_OUT ?? join(ROOT, 'test-artefacts', 'lighthouse'));
const ONLY = new RegExp(process.env.LIGHTHOUSE_ONLY ?? '');
const REPORTS = process.env.LIGHTHOUSE_REPORTS === '1';
const REPEAT = Math.max(1, Number(process.env.LIGHTHOUSE_REPEAT ?? 1) || 1);
const PRESETS = (process.env.LIGHTHOUSE_PRESETS ?? 'desktop,mobile').split(',');
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const TARGET = {
  desktop: { performance: 0.95, accessibility: 1, cls: 0.1 },
  mobile: { performance: 0.9, accessibility: 1, cls: 0.1 },
};
const USERS = {
  portal: { username: 'client@demo.test', password: 'demo' },
  operator: { username: 'second@demo.test', password: 'demo' },
};
// [path under /app, API collection a detail's record comes from (null: a list only)]
const PORTAL = [
  ['/tickets', 'tickets'],
  ['/quotes', 'quotes'],
  ['/subscriptions', 'subscriptions'],
  ['/assets', 'assets'],
  ['/contracts', 'contracts'],
  ['/invoices', null],
];
const OPERATOR = [
  ['/operator/tickets', 'tickets'],
  ['/operator/quotes', 'quotes'],
  ['/operator/contracts', 'contracts'],
  ['/operator/invoices', 'invoices'],
  ['/operator/companies', 'companies'],
  ['/operator/ticket-groups', 'ticket-groups'],
  ['/operator/deals', 'deals'],
  ['/operator/projects', 'projects'],
  ['/operator/used-products', 'used-products'],
  ['/operator/assets', 'assets'],
  ['/operator/subscriptions', 'subscriptions'],
  ['/operator/clients', 'clients'],
  ['/operator/operators', 'operators'],
  ['/operator/locations', 'locations'],
  ['/operator/slas', 'slas'],
  ['/operator/prepaid-cards', 'prepaid-cards'],
  ['/operator/tickets/templates', 'ticket-templates'],
  ['/operator/time', null],
  ['/operator/time-registrations', null],
];
// The demo tenant seeds none of these: one is made so its detail page can be measured.
const MAKE = {
  'ticket-groups': { name: 'Werkplekken' },
  locations: { name: 'Hoofdkantoor' },
  'ticket-templates': { name: 'Nieuwe medewerker', description: 'Werkplek klaarzetten' },
};

function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

/** Seeds a temporary database and serves it; answers the base URL and a stop function. */
async function serve() {
  const work = mkdtempSync(join(tmpdir(), 'ledgerdesk-lighthouse-'));
  const env = {
    ...process.env,
    LEDGERDESK_DATABASE_URL: `sqlite:///${work}/ledgerdesk.sqlite3`,
    LEDGERDESK_UPLOAD_DIR: join(work, 'uploads'),
    LEDGERDESK_EXPORT_DIR: join(work, 'exports'),
    LEDGERDESK_MAIL_DIR: join(work, 'mail'),
  };
  const seeded = spawnSync(BIN, ['seed', '--tenant', 'demo'], { env, encoding: 'utf8' });
  if (seeded.status !== 0) throw new Error(`seed failed:\n${seeded.stdout}${seeded.stderr}`);
  const port = await freePort();
  const log = openSync(join(work, 'server.log'), 'w');
  const server = spawn(BIN, ['serve', '--host', '127.0.0.1', '--port', String(port)], { env, stdio: ['ignore', log, log] });
  const base = `http://localhost:${port}`;
  const stop = () => {
    server.kill();
    rmSync(work, { recursive: true, force: true });
  };
  for (let i = 0; i < 150; i++) {
    if (server.exitCode !== null) break;
    try {
      if ((await fetch(`${base}/api/system/status`)).ok) return { base, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  stop();
  throw new Error('the server did not start');
}

async function api(base, token, method, path, body) {
  const answer = await fetch(`${base}/api${path}`, {
    method,
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
  return answer.json();
}

/** The list pages and one detail page per kind that has a record (made when none is seeded). */
async function pagesOf(base, token, lists) {
  const pages = [];
  for (const [path, collection] of lists) {
    pages.push(path);
    if (!collection) continue;
    const rows = (await api(base, token, 'GET', `/${collection}?builder%5Bpaginate%5D=50`)).data ?? [];
    // a ticket, not a template; a template among the templates (else each run made one more)
    let record = rows.find((row) => collection === 'ticket-templates' || !row.is_template);
    if (!record && MAKE[collection]) record = await api(base, token, 'POST', `/${collection}`, MAKE[collection]);
    if (record) pages.push(`${path}/${record.id}`);
  }
  return pages.filter((path) => ONLY.test(path));
}

/** Puts the tokens the UI keeps (lib/auth-storage.ts) into the browser's storage for the origin. */
async function keepSession(port, base, tokens) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    const page = await context.newPage();
    await page.goto(`${base}/app/login`);
    await page.evaluate((kept) => {
      localStorage.clear();
      for (const [key, value] of Object.entries(kept)) localStorage.setItem(key, value);
    }, tokens);
    await page.close();
  } finally {
    await browser.close();
  }
}

/**
 * Empties the browser's HTTP cache, as Lighthouse's own storage reset would: each page is
 * measured as a first visit (the session in localStorage stays, see `disableStorageReset`).
 */
async function clearHttpCache(port) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    await browser.close();
  }
}

const score = (value) => (value === null || value === undefined ? NaN : value);

async function measure(port, url, preset) {
  const flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    // The session lives in localStorage: Lighthouse must not clear it (clearHttpCache
    // empties the HTTP cache instead).
    disableStorageReset: true,
  };
  await clearHttpCache(port);
  const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
  const lhr = result.lhr;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  return {
    report: result.report,
    finalUrl: lhr.finalDisplayedUrl,
    performance: score(lhr.categories.performance.score),
    accessibility: score(lhr.categories.accessibility.score),
    cls: score(lhr.audits['cumulative-layout-shift'].numericValue),
    tbt: score(lhr.audits['total-blocking-time'].numericValue),
    failedAccessibility: lhr.categories.accessibility.auditRefs
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
      .map((ref) => ref.id),
  };
}

function misses(row) {
  if (row.error) return [`not measured: ${row.error}`];
  const target = TARGET[row.preset];
  const found = [];
  if (!(row.cls <= target.cls)) found.push(`CLS ${row.cls.toFixed(3)} > ${target.cls}`);
  if (!(row.performance >= target.performance)) found.push(`performance ${row.performance} < ${target.performance}`);
  if (!(row.accessibility >= target.accessibility)) {
    found.push(`accessibility ${row.accessibility} < 1 (${row.failedAccessibility.join(', ')})`);
  }
  if (!row.finalUrl.endsWith(row.path)) found.push(`landed on ${row.finalUrl}`);
  return found;
}

/** The run as a Markdown table (docs/page-quality.md carries the last one). */
function table(rows) {
  const lines = [
    '| Page | Preset | Performance | Accessibility | CLS | TBT (ms) | Misses |',
    '| --- | --- | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const row of rows) {
    const page = row.path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}|\/\d+$/, (id) => (id.startsWith('/') ? '/:id' : ':id'));
    lines.push(
      `| ${page} | ${row.preset} | ${row.performance.toFixed(2)} | ${row.accessibility.toFixed(2)} | ${row.cls.toFixed(3)} | ${Math.round(row.tbt)} | ${row.misses.join('; ') || 'none'} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const { base, stop } = process.env.LIGHTHOUSE_SERVER
    ? { base: process.env.LIGHTHOUSE_SERVER.replace(/\/$/, ''), stop: () => undefined }
    : await serve();
  const chrome = await launch({ chromePath: process.env.LEDGERDESK_E2E_CHROMIUM ?? '/usr/bin/chromium', chromeFlags: CHROMIUM_FLAGS });
  const rows = [];
  try {
    for (const [audience, lists] of [['portal', PORTAL], ['operator', OPERATOR]]) {
      const login = await api(base, null, 'POST', '/auth/login', USERS[audience]);
      const pages = await pagesOf(base, login.access_token, lists);
      await keepSession(chrome.port, base, { portal_token: login.access_token, refresh_token: login.refresh_token });
      for (const path of pages) {
        for (const preset of PRESETS) {
          const runs = [];
          for (let i = 0; i < REPEAT; i++) {
            // A page Lighthouse cannot measure (nothing painted, say) is a miss of its own,
            // not the end of the run.
            runs.push(
              await measure(chrome.port, `${base}/app${path}`, preset).catch((error) => ({
                finalUrl: '',
                performance: NaN,
                accessibility: NaN,
                cls: NaN,
                tbt: NaN,
                failedAccessibility: [],
                error: String(error.message ?? error),
              })),
            );
          }
          runs.sort((a, b) => a.performance - b.performance);
          const { report, ...measured } = runs[Math.floor((runs.length - 1) / 2)];
          const row = { audience, preset, path, ...measured };
          if (REPEAT > 1) row.performanceRuns = runs.map((run) => run.performance);
          if (REPORTS) writeFileSync(join(OUT, `${audience}${path.replaceAll('/', '_')}.${preset}.json`), report);
          row.misses = misses(row);
          rows.push(row);
          console.log(
            `${row.misses.length ? 'MISS' : 'ok  '} ${preset.padEnd(7)} ${path.padEnd(60)} perf ${row.performance.toFixed(2)}  a11y ${row.accessibility.toFixed(2)}  CLS ${row.cls.toFixed(3)}  TBT ${Math.round(row.tbt)} ms${row.performanceRuns ? `  runs ${row.performanceRuns.join(' ')}` : ''}${row.misses.length ? `  (${row.misses.join('; ')})` : ''}`,
          );
        }
      }
    }
  } finally {
    await chrome.kill();
    stop();
  }
  const measured = new Date().toISOString();
  writeFileSync(join(OUT, 'results.json'), JSON.stringify({ measured, rows }, null, 2));
  writeFileSync(join(OUT, 'table.md'), table(rows));
  const missed = rows.filter((row) => row.misses.length);
  console.log(`${rows.length} measurements, ${missed.length} missing a target; JSON in ${join(OUT, 'results.json')}`);
  process.exitCode = missed.length || rows.length === 0 ? 1 : 0;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
