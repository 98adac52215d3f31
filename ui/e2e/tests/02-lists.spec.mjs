import { check, listReady, login, open, resetFilters, test } from '../helpers.mjs';

const total = (range) => Number(/of (\d+)/.exec(range)?.[1] ?? NaN);

test('filters a list, saves it as a preset and sees its count', async ({ page, context, baseUrl }) => {
  await login(page, context, baseUrl);
  await listReady(page);
  await resetFilters(page);
  await page.getByRole('button', { name: 'Filter Status' }).click();
  const panel = page.getByRole('group', { name: 'Filter Status' });
  await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/tickets?') && r.url().includes('whereIn')),
    panel.getByRole('checkbox').first().check(),
  ]);
  const range = await listReady(page);
  const filtered = total(range) || 0;
  await panel.getByRole('button', { name: 'Close' }).click();
  check(await page.getByRole('button', { name: 'Reset filters' }).isEnabled(), 'reset filters should be active');

  const label = `E2E ${Date.now()}`;
  await page.getByRole('button', { name: 'Save filter as preset' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save filter as preset' });
  await dialog.getByLabel('Preset name').fill(label);
  await dialog.getByRole('button', { name: 'Save' }).click();
  const preset = page.getByRole('list', { name: 'Presets' }).getByRole('button', { name: new RegExp(`^${label}`) });
  await preset.waitFor();
  await preset.locator('.count').waitFor();
  const count = Number((await preset.locator('.count').textContent())?.trim());
  check(count === filtered, `preset count ${count} should equal the filtered total ${filtered}`);
  await resetFilters(page);
});

test('sorts by a header (asc, desc, asc) and pages', async ({ page, context, baseUrl }) => {
  await login(page, context, baseUrl);
  await listReady(page);
  await resetFilters(page);
  const perPage = page.getByLabel('Per page');
  if ((await perPage.inputValue()) !== '5') {
    await perPage.selectOption('5');
    await page.waitForFunction(() => /^1-[1-5] of/.test(document.querySelector('.range')?.textContent ?? ''));
  }
  let range = await listReady(page);
  const rows = total(range);
  check(rows > 5, `the demo data needs more than 5 tickets, range: ${range}`);
  check(range.startsWith('1-5 of'), `range on page 1: ${range}`);
  await page.getByRole('button', { name: 'Page 2', exact: true }).click();
  await page.waitForFunction(() => document.querySelector('.range')?.textContent?.startsWith('6-'));
  range = await listReady(page);
  check(range.startsWith('6-'), `range on page 2: ${range}`);

  const header = page.getByRole('columnheader', { name: /Reference/ });
  const firstCell = page.locator('table.list-table tbody tr').first().locator('td').first();
  await header.getByRole('button', { name: 'Reference', exact: true }).click();
  await page.waitForFunction(() => document.querySelector('th[aria-sort="ascending"]') !== null);
  await listReady(page);
  const ascFirst = (await firstCell.textContent())?.trim();
  await header.getByRole('button', { name: 'Reference', exact: true }).click();
  await page.waitForFunction(() => document.querySelector('th[aria-sort="descending"]') !== null);
  await page.waitForFunction((before) => {
    const cell = document.querySelector('table.list-table tbody tr td');
    return cell && cell.textContent?.trim() !== before;
  }, ascFirst);
  const descFirst = (await firstCell.textContent())?.trim();
  check(ascFirst !== descFirst, 'descending shows other rows first');
  await header.getByRole('button', { name: 'Reference', exact: true }).click();
  await page.waitForFunction(() => document.querySelector('th[aria-sort="ascending"]') !== null);
  check((await page.locator('.range').textContent())?.startsWith('1-5'), 'sorting returns to page 1');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('shows cards at 390 px and a tap opens the detail', async ({ page, context, baseUrl }) => {
    await login(page, context, baseUrl);
    await open(page, baseUrl, '/quotes');
    await listReady(page);
    check((await page.locator('table.list-table').count()) === 0, 'no table on a phone');
    await page.getByRole('button', { name: 'Filter', exact: true }).waitFor();
    const card = page.getByTestId('list-card').first();
    await card.waitFor();
    await card.tap();
    await page.waitForURL(/\/app\/quotes\/[0-9a-f-]+$/);
    await page.getByRole('heading', { level: 1 }).waitFor();
  });
});
