// Nothing on a list or detail page moves while it loads: the bar, the toolbar and the
// skeleton rows keep the space of what replaces them. Each page opens as a first visit on a
// CPU slowed down as Lighthouse's phone preset does (4x), so the session, the page's code and
// its rows arrive in frames of their own; the browser's own layout-shift entries (the ones
// Lighthouse adds up to CLS) may add up to 0.1 at most.
// `make lighthouse` measures the same with the whole score (docs/page-quality.md).
import { CLIENT, SECOND_LINE, expect, test } from '../helpers.mjs';

const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1350, height: 940 } };
const LIMIT = 0.1;

// [path under /app, API collection of a record whose detail page opens too (null: list only)].
// The phone, where the bar and the toolbar wrap, opens them all; the desktop a list of each.
const PORTAL = [
  ['/tickets', null],
  ['/quotes', 'quotes'],
  ['/subscriptions', null],
  ['/assets', null],
  ['/contracts', 'contracts'],
  ['/invoices', null],
];
const OPERATOR = [
  ['/operator/tickets', 'tickets'],
  ['/operator/companies', null],
  ['/operator/operators', null],
];

const server = () => (process.env.LEDGERDESK_E2E_URL ?? 'http://localhost:8000').replace(/\/$/, '');

async function signIn(request, user) {
  const answer = await request.post(`${server()}/api/auth/login`, { data: { username: user.email, password: user.password } });
  expect(answer.status(), `sign-in of ${user.email}`).toBe(200);
  const body = await answer.json();
  return { portal_token: body.access_token, refresh_token: body.refresh_token };
}

async function firstId(request, tokens, collection) {
  const list = await request.get(`${server()}/api/${collection}?per_page=5`, {
    headers: { Authorization: `Bearer ${tokens.portal_token}`, Accept: 'application/json' },
  });
  expect(list.status(), `GET /api/${collection}`).toBe(200);
  const first = (await list.json()).data?.find((row) => !row.is_template);
  expect(first, `a record in ${collection}`).toBeTruthy();
  return first.id;
}

/** Opens the page on a slowed CPU and answers its layout shifts once it shows its data. */
async function shiftsOf(page, url) {
  await page.addInitScript(() => {
    window.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.hadRecentInput) continue;
        const moved = entry.sources.map((s) => {
          const node = s.node;
          const name = node?.nodeName?.toLowerCase() ?? '?';
          return node?.className && typeof node.className === 'string' ? `${name}.${node.className.split(' ').join('.')}` : name;
        });
        window.__shifts.push({ value: entry.value, moved });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await page.getByRole('main').getByRole('heading').first().waitFor();
  await expect(page.locator('[data-testid="skeleton-row"], [data-testid="skeleton-card"], .spinner')).toHaveCount(0);
  // The last frame's shifts are reported after it is drawn.
  await page.waitForTimeout(500);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  return page.evaluate(() => window.__shifts);
}

function pagesOf(audience, user, kinds, width, use) {
  const patterns = kinds.flatMap(([path, collection]) => (collection ? [path, `${path}/:id`] : [path]));
  test.describe(`${audience} layout shift at ${width} width`, () => {
    test.use(use);
    let tokens;
    const paths = [];
    test.beforeAll(async ({ playwright }) => {
      const request = await playwright.request.newContext();
      tokens = await signIn(request, user);
      for (const [path, collection] of kinds) {
        paths.push(path);
        if (collection) paths.push(`${path}/${await firstId(request, tokens, collection)}`);
      }
      await request.dispose();
    });
    test.beforeEach(async ({ context }) => {
      await context.addInitScript((kept) => {
        for (const [key, value] of Object.entries(kept)) localStorage.setItem(key, value);
      }, tokens);
    });
    patterns.forEach((pattern, index) => {
      test(`${audience} ${pattern} (${width})`, async ({ page }) => {
        const shifts = await shiftsOf(page, `${server()}/app${paths[index]}`);
        const total = shifts.reduce((sum, s) => sum + s.value, 0);
        const report = shifts.map((s) => `${s.value.toFixed(3)}: ${s.moved.join(', ')}`).join('\n');
        expect(total, `layout shift ${total.toFixed(3)} on ${pattern}; what moved:\n${report}`).toBeLessThanOrEqual(LIMIT);
      });
    });
  });
}

pagesOf('portal', CLIENT, PORTAL, 'phone', PHONE);
pagesOf('operator', SECOND_LINE, OPERATOR, 'phone', PHONE);
pagesOf('portal', CLIENT, [['/tickets', null]], 'desktop', DESKTOP);
pagesOf('operator', SECOND_LINE, [['/operator/tickets', null]], 'desktop', DESKTOP);
