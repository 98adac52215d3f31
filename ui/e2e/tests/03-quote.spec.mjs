import { readFile } from 'node:fs/promises';
import { check, listReady, login, open, resetFilters, test } from '../helpers.mjs';

// A layout saved by an earlier test may have the box ticked already: then no request.
async function onlySent(page) {
  const sent = page.getByRole('group', { name: 'Filter Status' }).getByLabel('Sent', { exact: true });
  if (await sent.isChecked()) return;
  await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/quotes?') && r.url().includes('whereIn')),
    sent.check(),
  ]);
}

test('an empty signature is refused with an alert', async ({ page, context, baseUrl }) => {
  await login(page, context, baseUrl);
  await open(page, baseUrl, '/quotes');
  await listReady(page);
  await resetFilters(page);
  await page.getByRole('button', { name: 'Filter Status' }).click();
  await onlySent(page);
  await listReady(page);
  const rows = page.locator('table.list-table tbody tr a');
  check((await rows.count()) > 0, 'the demo data needs a sent quote');
  await rows.first().click();
  await page.getByTestId('signature-pad').waitFor();
  // The alert blocks the page until it is answered, so answer it from the listener.
  let message = null;
  page.once('dialog', (dialog) => {
    message = dialog.message();
    void dialog.dismiss();
  });
  await page.getByRole('button', { name: 'Accept', exact: true }).click();
  await page.waitForFunction(() => true);
  check(message === 'No signature has been set.', `alert: ${message}`);
});

test('accepts a sent quote with a drawn signature and downloads its PDF', async ({ page, context, baseUrl }) => {
  await login(page, context, baseUrl);
  await open(page, baseUrl, '/quotes');
  await listReady(page);
  await resetFilters(page);
  await page.getByRole('button', { name: 'Filter Status' }).click();
  await onlySent(page);
  await listReady(page);
  const link = page.locator('table.list-table tbody tr').first().locator('a').first();
  await link.waitFor();
  await link.click();
  await page.waitForURL(/\/app\/quotes\/[0-9a-f-]+$/);

  const pad = page.getByTestId('signature-pad');
  await pad.waitFor();
  const box = await pad.boundingBox();
  check(box && Math.round(box.height) === 200, `pad height ${box?.height}`);
  await page.mouse.move(box.x + 30, box.y + 120);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 30 + i * 15, box.y + 120 - (i % 2) * 40, { steps: 3 });
  await page.mouse.up();
  await page.getByRole('button', { name: 'Accept', exact: true }).click();
  await page.getByText('The quote has been accepted.').first().waitFor();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  check(download.suggestedFilename().endsWith('.pdf'), `file name ${download.suggestedFilename()}`);
  const bytes = await readFile(await download.path());
  check(bytes.subarray(0, 4).toString() === '%PDF', 'the download is a PDF');
});
