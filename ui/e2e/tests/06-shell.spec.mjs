import { check, login, open, permissions, test } from '../helpers.mjs';

const ROUTES = [
  ['/tickets', 'tickets.index'],
  ['/tickets/create', 'tickets.create'],
  ['/quotes', 'quotes.index'],
  ['/subscriptions', 'subscriptions.index'],
  ['/assets', 'assets.index'],
  ['/contracts', 'contracts.index'],
  ['/invoices', 'invoices.index'],
  ['/tickets/1', 'tickets.show'],
  ['/quotes/1', 'quotes.show'],
  ['/subscriptions/1', 'subscriptions.show'],
  ['/assets/1', 'assets.show'],
  ['/contracts/1', 'contracts.show'],
];

test('switches to German and keeps it', async ({ page, context, baseUrl }) => {
  await login(page, context, baseUrl);
  await page.getByLabel('Language').selectOption('de');
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await nav.getByRole('link', { name: 'Angebote' }).waitFor();
  check((await page.evaluate(() => localStorage.getItem('APP_LANGUAGE'))) === 'de', 'APP_LANGUAGE is de');
  await page.reload();
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Angebote' }).waitFor();
  await page.getByRole('button', { name: 'Aktualisieren' }).waitFor();
});

test('a route without permission lands on 403', async ({ page, context, baseUrl }) => {
  // client3@demo.test is seeded without the invoice permissions
  await login(page, context, baseUrl, { email: 'client3@demo.test', password: 'demo' });
  const held = await permissions(page);
  const path = process.env.LEDGERDESK_E2E_FORBIDDEN_PATH ?? ROUTES.find(([, name]) => !held.includes(name))?.[0];
  check(path, 'client3@demo.test should lack a route permission (see demo/seed.py)');
  await open(page, baseUrl, path);
  await page.waitForURL(/\/app\/403\?r=/);
  await page.getByText('Permission denied.').waitFor();
});

test('an unknown tenant lands on not-found', async ({ page, context, baseUrl }) => {
  const url = new URL(baseUrl);
  const host = /^[\d.]+$/.test(url.hostname) ? 'localhost' : url.hostname;
  url.hostname = `nosuchtenant.${host}`;
  await context.addInitScript(() => localStorage.setItem('APP_LANGUAGE', 'en'));
  await page.goto(`${url.origin}/app/tickets`);
  await page.waitForURL(/\/app\/404\?d=nosuchtenant/);
  await page.getByText('There is no portal at nosuchtenant.').waitFor();
});

/** Opens `path` with the app's libraries held back; answers a function that lets them through. */
async function openBeforeTheCode(page, baseUrl, path) {
  let release;
  const held = new Promise((resolve) => (release = resolve));
  await page.route(/\/app\/assets\/vendor-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const loaded = page.goto(`${baseUrl}/app${path}`);
  return async () => {
    release();
    await loaded;
  };
}

test("draws the audience's bar before the app's code has arrived", async ({ page, context, baseUrl }) => {
  await context.addInitScript(() => localStorage.setItem('APP_LANGUAGE', 'nl'));
  const bar = page.locator('.first-frame-bar');

  let release = await openBeforeTheCode(page, baseUrl, '/operator/tickets');
  await bar.getByText('Werkplek', { exact: true }).waitFor();
  check(await bar.getByText('Portaal', { exact: true }).isHidden(), 'the portal name is hidden in the workspace');
  check(await bar.getByText('Workspace', { exact: true }).isHidden(), 'the English name is hidden in Dutch');
  await release();
  // the app runs, sends the visitor (not signed in) to the sign-in page and replaces the frame
  await page.waitForURL(/\/app\/login/);
  await page.locator('input[type="email"]').waitFor();
  check((await page.locator('.first-frame').count()) === 0, 'the first frame is gone once the app has drawn');

  await page.unrouteAll();
  release = await openBeforeTheCode(page, baseUrl, '/tickets');
  await bar.getByText('Portaal', { exact: true }).waitFor();
  await release();

  await page.unrouteAll();
  release = await openBeforeTheCode(page, baseUrl, '/login');
  await page.locator('#root .first-frame').waitFor({ state: 'attached' });
  check(await page.locator('.first-frame').isHidden(), 'the sign-in page has no bar');
  await release();
});
