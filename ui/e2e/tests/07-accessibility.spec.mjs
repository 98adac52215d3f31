import AxeBuilder from '@axe-core/playwright';
import { check, listReady, login, open, test } from '../helpers.mjs';

const LISTS = ['/tickets', '/quotes', '/subscriptions', '/assets', '/contracts', '/invoices'];

/** Serious and critical axe violations on the page as it is now. */
async function violations(page) {
  // Message bodies sit in sandboxed frames without scripts; axe checks the page itself
  // (the legacy run, since the partial run waits on such frames forever).
  const result = await new AxeBuilder({ page }).setLegacyMode(true).options({ iframes: false }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
}

async function checkScreens(page, baseUrl) {
  const found = [];
  for (const list of LISTS) {
    await open(page, baseUrl, list);
    await listReady(page);
    for (const v of await violations(page)) found.push(`${list}: ${v}`);
    const first = page.locator('table.list-table tbody tr a, [data-testid="list-card"][href]').first();
    if (list !== '/invoices' && (await first.count()) > 0) {
      await first.click();
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.locator('.spinner').waitFor({ state: 'detached' }).catch(() => undefined);
      for (const v of await violations(page)) found.push(`${page.url()}: ${v}`);
    }
  }
  await open(page, baseUrl, '/tickets/create');
  await page.locator('form.ticket-form').waitFor();
  for (const v of await violations(page)) found.push(`/tickets/create: ${v}`);
  return found;
}

test('has no serious or critical axe violations on any screen (desktop)', async ({ page, context, baseUrl }) => {
  await login(page, context, baseUrl);
  const found = await checkScreens(page, baseUrl);
  check(found.length === 0, `axe:\n  ${found.join('\n  ')}`);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('has no serious or critical axe violations on any screen (phone)', async ({ page, context, baseUrl }) => {
    await login(page, context, baseUrl);
    const found = await checkScreens(page, baseUrl);
    check(found.length === 0, `axe:\n  ${found.join('\n  ')}`);
  });
});

test('the login screen has no serious or critical axe violations', async ({ page, context, baseUrl }) => {
  await context.addInitScript(() => localStorage.setItem('APP_LANGUAGE', 'en'));
  await open(page, baseUrl, '/login');
  await page.locator('input[type="email"]').waitFor();
  const found = await violations(page);
  check(found.length === 0, `axe:\n  ${found.join('\n  ')}`);
});
