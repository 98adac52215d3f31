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
