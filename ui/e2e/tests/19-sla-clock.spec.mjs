import { CLIENT, FIRST_LINE, check, createPortalTicket, login, newSession, open, openOperator, test, toastText } from '../helpers.mjs';

/** The queue row of the ticket, found by its subject, and its SLA clock's tone. */
async function clockInQueue(page, baseUrl, subject) {
  await openOperator(page, baseUrl, '/tickets');
  await page.getByLabel('Search', { exact: true }).fill(subject);
  const row = page.locator('table.list-table tbody tr').filter({ hasText: subject });
  await row.waitFor();
  const clock = row.locator('.sla-clock');
  await clock.waitFor();
  return clock;
}

test('SLA: the clock pauses in the queue while the ticket waits for the client, and runs again once the operator takes up the client reply (Got reply)', async ({ page, context, baseUrl, shot }) => {
  await login(page, context, baseUrl, CLIENT);
  const subject = `Laptop will not boot ${Date.now()}`;
  const ticketId = await createPortalTicket(page, baseUrl, subject, 'The laptop shows a black screen.');
  // the client sees its targets on its ticket
  await page.getByText('Response due').waitFor();

  const staff = await newSession(context);
  try {
    await login(staff.page, staff.context, baseUrl, FIRST_LINE);
    let clock = await clockInQueue(staff.page, baseUrl, subject);
    check((await clock.getAttribute('data-tone')) !== 'paused', 'a new ticket runs its clock');

    await openOperator(staff.page, baseUrl, `/tickets/${ticketId}`);
    await staff.page.getByRole('region', { name: 'SLA' }).waitFor();
    await staff.page.getByLabel('Status', { exact: true }).first().selectOption({ label: 'Waiting for reply' });
    await toastText(staff.page, 'Item updated.').catch(() => undefined);
    clock = await clockInQueue(staff.page, baseUrl, subject);
    await staff.page.waitForFunction((s) => {
      const row = [...document.querySelectorAll('table.list-table tbody tr')].find((r) => r.textContent.includes(s));
      return row?.querySelector('.sla-clock')?.getAttribute('data-tone') === 'paused';
    }, subject);
    check((await clock.textContent()).includes('⏸'), 'a pause mark while waiting for the client');
    await shot('-paused');

    // the client answers from the portal
    await open(page, baseUrl, `/tickets/${ticketId}`);
    const reply = page.locator('form.reply');
    await reply.getByLabel('Message').fill('It boots again after a reset.');
    await reply.getByRole('button', { name: 'Send' }).click();
    await toastText(page, 'Message sent');

    // a client's reply does not move the status by itself: the operator takes it up
    await openOperator(staff.page, baseUrl, `/tickets/${ticketId}`);
    await staff.page.getByText('It boots again after a reset.').waitFor();
    await staff.page.getByLabel('Status', { exact: true }).first().selectOption({ label: 'Got reply' });
    await toastText(staff.page, 'Item updated.').catch(() => undefined);
    await clockInQueue(staff.page, baseUrl, subject);
    await staff.page.waitForFunction((s) => {
      const row = [...document.querySelectorAll('table.list-table tbody tr')].find((r) => r.textContent.includes(s));
      const tone = row?.querySelector('.sla-clock')?.getAttribute('data-tone');
      return tone && tone !== 'paused';
    }, subject, { timeout: 15_000 });
    await shot('-resumed');
  } finally {
    await staff.context.close();
  }
});
