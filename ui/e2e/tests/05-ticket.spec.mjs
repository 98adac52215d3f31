import { join } from 'node:path';
import { check, login, open, test, toastText } from '../helpers.mjs';

test('creates a ticket (first with a missing required field) and replies with an attachment', async ({ page, context, baseUrl, artefacts }) => {
  await login(page, context, baseUrl);
  await open(page, baseUrl, '/tickets/create');
  const form = page.locator('form.ticket-form');
  await form.waitFor();
  await form.getByRole('button', { name: 'Create ticket' }).click();
  const errors = form.locator('.field-error');
  await errors.first().waitFor();
  const text = (await errors.first().textContent()) ?? '';
  check(/ is required$/.test(text), `required-field error: ${text}`);
  await page.screenshot({ path: join(artefacts, 'ticket-required-field.png'), fullPage: true });

  await form.getByLabel(/^Subject/).fill(`E2E printer ${Date.now()}`);
  await form.getByLabel(/^Message/).fill('The printer on floor 2 is jammed.');
  for (const select of await form.locator('select').all()) await select.selectOption({ index: 1 });
  for (const input of await form.locator('input[type="text"][aria-invalid="true"]').all()) await input.fill('E2E');
  await form.getByRole('button', { name: 'Create ticket' }).click();
  await page.waitForURL(/\/app\/tickets\/[0-9a-f-]+$/);
  await toastText(page, 'Ticket created');

  const reply = page.locator('form.reply');
  await reply.getByLabel('Message').fill('Here is a note.');
  await reply.getByLabel('Attachments').setInputFiles({
    name: 'e2e-note.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('printer log\n'),
  });
  await reply.getByRole('button', { name: 'Send' }).click();
  await toastText(page, 'Message sent');
  await page.getByRole('link', { name: 'e2e-note.txt' }).waitFor();
});
