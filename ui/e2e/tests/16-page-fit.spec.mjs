// Every operator page (each route of app/operator-routes.tsx: lists, the detail of a
// seeded record of each kind, create pages) and every portal page, at a desktop and a phone
// width: the page is no wider than the screen and axe finds no serious or critical
// violation. The pages open in the default language (Dutch), as a new user sees them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { CLIENT, FIRST_LINE, SECOND_LINE, expect, test } from '../helpers.mjs';

const WIDTHS = [
  { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
  { name: 'phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
];

const SETTING_LISTS = [
  'priorities',
  'categories',
  'activities',
  'asset-categories',
  'asset-statuses',
  'services',
  'ticket-sources',
  'ticket-types',
  'ticket-statuses',
  'contract-periods',
  'subscription-periods',
];

// [workspace path, API collection the detail's record comes from (null: no detail page),
// has a create page, a record to make when the demo tenant seeds none].
const OPERATOR_KINDS = [
  ['tickets', 'tickets', true],
  ['quotes', 'quotes', true],
  ['contracts', 'contracts', true],
  ['invoices', 'invoices', false],
  ['companies', 'companies', true],
  ['ticket-groups', 'ticket-groups', true, { name: 'Werkplekken' }],
  ['deals', 'deals', true],
  ['projects', 'projects', true],
  ['used-products', 'used-products', true],
  ['assets', 'assets', true],
  ['subscriptions', 'subscriptions', true],
  ['clients', 'clients', true],
  ['operators', 'operators', true],
  ['locations', 'locations', true, { name: 'Hoofdkantoor' }],
  ['slas', 'slas', true],
  ['prepaid-cards', 'prepaid-cards', true],
  ['time-registrations', 'time-registrations', false],
  ['tickets/templates', 'ticket-templates', true, { name: 'Nieuwe medewerker', description: 'Werkplek klaarzetten' }],
];
const OPERATOR_PAGES_WITHOUT_RECORD = ['time', 'mentions', 'settings', ...SETTING_LISTS.map((l) => `settings/${l}`), 'settings/mail', 'settings/mail/review', 'settings/business-hours', 'settings/billing-profile', 'sla-report', 'search'];

// The auditor screen needs audit.view, which first@ holds and second@ does not:
// [route pattern, path to open (:id a seeded quote)].
const AUDIT_PAGES = [
  ['audit', 'audit'],
  ['audit/:model/:id', 'audit/quotes/:id'],
];
const PORTAL_KINDS = [
  ['tickets', true],
  ['quotes', true],
  ['subscriptions', true],
  ['assets', true],
  ['contracts', true],
  ['invoices', false],
];

const server = () => (process.env.LEDGERDESK_E2E_URL ?? 'http://localhost:8000').replace(/\/$/, '');

/** Signs in through the API and answers the tokens the UI keeps (lib/auth-storage.ts). */
async function signIn(request, user) {
  const answer = await request.post(`${server()}/api/auth/login`, { data: { username: user.email, password: user.password } });
  expect(answer.status(), `sign-in of ${user.email}`).toBe(200);
  const body = await answer.json();
  return { portal_token: body.access_token, refresh_token: body.refresh_token };
}

/** The id of the first record of a collection; one is made when there is none. */
async function someRecord(request, tokens, collection, make) {
  const headers = { Authorization: `Bearer ${tokens.portal_token}`, Accept: 'application/json' };
  const list = await request.get(`${server()}/api/${collection}?per_page=5`, { headers });
  expect(list.status(), `GET /api/${collection}`).toBe(200);
  // A ticket template is a ticket too, with its own page: the ticket detail takes a ticket.
  // Most collections answer a page ({data: [...]}); time registrations a plain list.
  const body = await list.json();
  const first = (Array.isArray(body) ? body : body.data)?.find((row) => !row.is_template);
  if (first) return first.id;
  expect(make, `the demo tenant has no ${collection} and the test knows no record to make`).toBeTruthy();
  const made = await request.post(`${server()}/api/${collection}`, { headers, data: make });
  expect(made.status(), `POST /api/${collection}`).toBe(201);
  return (await made.json()).id;
}

/** The routes of app/operator-routes.tsx, as paths with :id and :list filled in by pattern. */
function declaredOperatorRoutes() {
  const source = readFileSync(join(import.meta.dirname, '..', '..', 'src', 'app', 'operator-routes.tsx'), 'utf8');
  const direct = [...source.matchAll(/page\('([^']+)'/g)].map((m) => m[1]);
  const block = /const resources[^=]*=\s*\[([\s\S]*?)\];/.exec(source)?.[1] ?? '';
  const kinds = [...block.matchAll(/\['([^']+)',\s*'[^']+'\]/g)].flatMap((m) => [m[1], `${m[1]}/create`, `${m[1]}/:id`]);
  return [...direct, ...kinds];
}

/** Every operator page this spec opens, as [route pattern, path to open]. */
function operatorPages(ids) {
  const pages = [];
  for (const [path, collection, creates] of OPERATOR_KINDS) {
    pages.push([path, path]);
    if (creates) pages.push([`${path}/create`, `${path}/create`]);
    pages.push([`${path}/:id`, `${path}/${ids[collection]}`]);
  }
  for (const path of OPERATOR_PAGES_WITHOUT_RECORD) pages.push([SETTING_LISTS.some((l) => path === `settings/${l}`) ? 'settings/:list' : path, path]);
  return pages;
}

test('the spec opens every route the operator workspace declares', () => {
  const covered = new Set([...operatorPages({}), ...AUDIT_PAGES].map(([pattern]) => pattern));
  const missing = declaredOperatorRoutes().filter((route) => !covered.has(route));
  expect(missing, 'routes of app/operator-routes.tsx this spec does not open').toEqual([]);
});

/** Waits until the page shows its data: a quiet network, a heading in main, no skeleton or spinner. */
async function settle(page) {
  await page.waitForLoadState('networkidle');
  await page.getByRole('main').getByRole('heading').first().waitFor();
  await expect(page.locator('[data-testid="skeleton-row"], [data-testid="skeleton-card"], .spinner')).toHaveCount(0);
}

/** Opens the page and checks its width and axe's serious and critical findings (both reported). */
async function checkPage(page, url, expectedPath) {
  await page.goto(url);
  await settle(page);
  expect(new URL(page.url()).pathname, 'the page opens (no redirect to sign-in or 403)').toBe(expectedPath);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  // A phone zooms out to show a too wide page, which widens innerWidth with it: the
  // screen's own width is the limit too.
  const screen = Math.min(innerWidth, page.viewportSize().width);
  expect.soft(scrollWidth, `page width ${scrollWidth} px on a ${screen} px screen`).toBeLessThanOrEqual(screen);
  // Message bodies sit in sandboxed frames without scripts, where axe cannot run (the
  // newer partial run waits for them forever): axe checks the page itself, as in 07.
  const result = await new AxeBuilder({ page }).setLegacyMode(true).options({ iframes: false }).analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 4).join(', ')}`);
  expect.soft(serious, 'serious or critical axe violations').toEqual([]);
}

/** Opens each page of the audience at both widths, signed in as the user. */
function pagesOf(audience, user, list) {
  for (const width of WIDTHS) {
    test.describe(`${audience} pages at ${width.name} width`, () => {
      test.use(width.use);
      let tokens;
      let pages = [];
      test.beforeAll(async ({ playwright }) => {
        const request = await playwright.request.newContext();
        tokens = await signIn(request, user);
        pages = await list(request, tokens);
        await request.dispose();
      });
      test.beforeEach(async ({ context }) => {
        await context.addInitScript((kept) => {
          for (const [key, value] of Object.entries(kept)) localStorage.setItem(key, value);
        }, tokens);
      });
      // One test per page, so a failure names its page and width.
      for (const [pattern, index] of list.patterns) {
        test(`${audience} ${pattern} (${width.name})`, async ({ page }) => {
          const path = pages[index];
          await checkPage(page, `${server()}/app${path}`, `/app${path}`);
        });
      }
    });
  }
}

// The page lists are known before the server is asked (a test per page); the ids are not.
function operatorList() {
  const ids = Object.fromEntries(OPERATOR_KINDS.map(([, collection]) => [collection, ':id']));
  const patterns = operatorPages(ids).map(([pattern, path], index) => [`/operator/${path}`, index]);
  const load = async (request, tokens) => {
    const found = {};
    for (const [, collection, , make] of OPERATOR_KINDS) found[collection] = await someRecord(request, tokens, collection, make);
    return operatorPages(found).map(([, path]) => `/operator/${path}`);
  };
  load.patterns = patterns;
  return load;
}

function auditList() {
  const paths = (id) => AUDIT_PAGES.map(([, path]) => `/operator/${path.replace(':id', id)}`);
  const load = async (request, tokens) => paths(await someRecord(request, tokens, 'quotes'));
  load.patterns = paths(':id').map((p, i) => [p, i]);
  return load;
}

function portalList() {
  const paths = (ids) => [
    ...PORTAL_KINDS.flatMap(([kind, detail]) => (detail ? [`/${kind}`, `/${kind}/${ids[kind]}`] : [`/${kind}`])),
    '/tickets/create',
  ];
  const load = async (request, tokens) => {
    const found = {};
    for (const [kind, detail] of PORTAL_KINDS) if (detail) found[kind] = await someRecord(request, tokens, kind);
    return paths(found);
  };
  load.patterns = paths(Object.fromEntries(PORTAL_KINDS.map(([kind]) => [kind, ':id']))).map((p, i) => [p, i]);
  return load;
}

pagesOf('operator', SECOND_LINE, operatorList());
pagesOf('auditor', FIRST_LINE, auditList());
pagesOf('portal', CLIENT, portalList());
