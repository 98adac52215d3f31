import { readFile } from 'node:fs/promises';
import { check, listReady, login, open, openOperator, FIRST_LINE, test } from '../helpers.mjs';

const PEPPOL = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

/** Clicks the first row's e-invoice button and answers the saved file's name and text. */
async function downloadFirst(page, name) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).first().click()]);
  const text = (await readFile(await download.path())).toString('utf8');
  return { file: download.suggestedFilename(), text };
}

test('a client downloads an invoice of its company as a Peppol e-invoice', async ({ page, context, baseUrl }) => {
  await login(page, context, baseUrl);
  await open(page, baseUrl, '/invoices');
  await listReady(page);
  const { file, text } = await downloadFirst(page, /E-invoice \(UBL\)/);
  check(/^F\d+\.xml$/.test(file), `file name ${file}`);
  check(text.includes(PEPPOL), 'the download names the Peppol BIS 3.0 profile');
  check(/<(Invoice|CreditNote) /.test(text), 'the download is a UBL invoice or credit note');
  check(text.includes('<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>'), 'in euro');
});

test("an operator downloads a finalised invoice's e-invoice from its page", async ({ page, context, baseUrl }) => {
  await login(page, context, baseUrl, FIRST_LINE);
  await openOperator(page, baseUrl, '/invoices');
  const finalised = page.locator('table tbody tr').filter({ hasNotText: 'Draft' }).first().locator('a').first();
  await finalised.waitFor();
  const number = (await finalised.textContent()).trim();
  await finalised.click();
  await page.waitForURL(/\/app\/operator\/invoices\/[0-9a-f-]+$/);
  const { file, text } = await downloadFirst(page, /E-invoice \(UBL\)/);
  check(file === `${number}.xml`, `file name ${file} for ${number}`);
  check(text.includes(`<cbc:ID>${number}</cbc:ID>`), 'the e-invoice carries the invoice number');
});
