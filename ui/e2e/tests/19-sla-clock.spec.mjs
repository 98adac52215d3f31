import { CLIENT, FIRST_LINE, callApi, check, createPortalTicket, login, newSession, open, openOperator, test, toastText } from '../helpers.mjs';

/** The queue row of the ticket, found by its subject, and its SLA clock. */
async function clockInQueue(page, baseUrl, subject) {
  await openOperator(page, baseUrl, '/tickets');
  await page.getByLabel('Search', { exact: true }).fill(subject);
  const row = page.locator('table.list-table tbody tr').filter({ hasText: subject });
  await row.waitFor();
  const clock = row.locator('.sla-clock');
  await clock.waitFor();
  return clock;
}

/** Opens the queue again until the ticket's clock shows one of the tones; answers it.
 * The queue does not poll: an operator reloads it, as this does every few seconds. */
async function toneInQueue(page, baseUrl, subject, tones, seconds) {
  const until = Date.now() + seconds * 1000;
  let tone = null;
  while (Date.now() < until) {
    const clock = await clockInQueue(page, baseUrl, subject);
    tone = await clock.getAttribute('data-tone');
    if (tones.includes(tone)) return tone;
    await page.waitForTimeout(2_000);
  }
  throw new Error(`the clock of '${subject}' stayed ${tone}, not ${tones.join(' or ')}, for ${seconds} s`);
}

test('SLA: the clock pauses in the queue while the ticket waits for the client, runs again on the client reply in the portal, then turns orange and red', async ({ page, context, baseUrl, shot }) => {
  // an outage under the Critical SLA (a first answer within a minute, day and night,
  // warned at once): it breaches within the test once the clock runs again
  test.setTimeout(240_000);
  await login(page, context, baseUrl, CLIENT);
  const subject = `Laptop will not boot ${Date.now()}`;
  const ticketId = await createPortalTicket(page, baseUrl, subject, 'The laptop shows a black screen.');
  // the client sees its targets on its ticket
  await page.getByText('Response due').waitFor();

  const staff = await newSession(context);
  try {
    await login(staff.page, staff.context, baseUrl, FIRST_LINE);
    const slas = await callApi(staff.page, 'GET', '/slas');
    const items = Array.isArray(slas.body) ? slas.body : slas.body.data;
    const critical = items.find((item) => (item.name ?? item.label) === 'Critical');
    check(critical, 'the demo has a Critical SLA');
    const changed = await callApi(staff.page, 'PUT', `/tickets/${ticketId}`, { sla_id: critical.id });
    check(changed.status === 200, `putting the ticket under the Critical SLA answered ${changed.status}`);

    let clock = await clockInQueue(staff.page, baseUrl, subject);
    check((await clock.getAttribute('data-tone')) !== 'paused', 'a new ticket runs its clock');

    // the operator asks the client something: the clock pauses
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

    // the client answers from the portal: that alone moves the ticket to Got reply
    await open(page, baseUrl, `/tickets/${ticketId}`);
    const reply = page.locator('form.reply');
    await reply.getByLabel('Message').fill('It boots again after a reset.');
    await reply.getByRole('button', { name: 'Send' }).click();
    await toastText(page, 'Message sent');

    // no operator touches the ticket: the queue shows the clock running again
    const resumed = await toneInQueue(staff.page, baseUrl, subject, ['running', 'warning', 'past'], 30);
    check(resumed !== 'paused', 'the client reply resumes the clock');
    const got = await callApi(staff.page, 'GET', `/tickets/${ticketId}`);
    check(got.body.status?.type === 5, `the client reply moved the ticket to Got reply (type ${got.body.status?.type})`);
    await shot('-resumed');

    // the SLA timer warns (orange) and, once the minute is used up, it is past (red)
    await toneInQueue(staff.page, baseUrl, subject, ['warning'], 90);
    await shot('-warned');
    await toneInQueue(staff.page, baseUrl, subject, ['past'], 90);
    await shot('-breached');
  } finally {
    await staff.context.close();
  }
});
