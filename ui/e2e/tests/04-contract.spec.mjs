import { check, listReady, login, open, resetFilters, test, toastText } from '../helpers.mjs';

test('buys a prepaid card and sees the remaining hours change', async ({ page, context, baseUrl }) => {
  await login(page, context, baseUrl);
  await open(page, baseUrl, '/contracts');
  await listReady(page);
  await resetFilters(page);
  await page.getByRole('button', { name: 'Filter Period' }).click();
  await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/contracts?') && r.url().includes('whereNull')),
    page.getByRole('group', { name: 'Filter Period' }).getByLabel('(none)').check(),
  ]);
  await listReady(page);
  await page.locator('table.list-table tbody tr a').first().click();
  await page.waitForURL(/\/app\/contracts\/[0-9a-f-]+$/);

  const remaining = page.getByTestId('remaining-hours');
  await remaining.waitFor();
  const before = (await remaining.textContent())?.trim();
  const buy = page.getByRole('button', { name: 'Buy', exact: true });
  check(await buy.isDisabled(), 'buy is disabled before a card is chosen');
  await page.getByLabel('Card type').selectOption({ index: 1 });
  check(await buy.isEnabled(), 'buy is enabled once a card is chosen');
  await buy.click();
  // A purchase is confirmed first, the price named on the button.
  await page.getByRole('dialog', { name: 'Buy a prepaid card?' }).getByRole('button', { name: /^Buy for / }).click();
  await toastText(page, 'Prepaid card upgraded');
  await page.waitForFunction(
    (prev) => document.querySelector('[data-testid="remaining-hours"]')?.textContent?.trim() !== prev,
    before,
  );
});
