import {
  CLIENT,
  FIRST_LINE,
  check,
  createPortalTicket,
  login,
  newSession,
  open,
  openOperator,
  test,
  toastText,
  typeInEditor,
  waitForMessage,
} from '../helpers.mjs';

test('operator: a first-line operator answers a portal ticket and the client reads the reply', async ({ page, context, baseUrl, shot }) => {
  await login(page, context, baseUrl, CLIENT);
  const subject = `Scanner offline ${Date.now()}`;
  const ticketId = await createPortalTicket(page, baseUrl, subject, 'The scanner in the hall is offline.');

  const staff = await newSession(context);
  try {
    await login(staff.page, staff.context, baseUrl, FIRST_LINE);
    await openOperator(staff.page, baseUrl, '/tickets');
    await staff.page.getByLabel('Search', { exact: true }).fill(subject);
    const row = staff.page.locator('table.list-table tbody tr').filter({ hasText: subject });
    await row.waitFor();
    await row.getByRole('link').first().click();
    await staff.page.waitForURL(new RegExp(`/app/operator/tickets/${ticketId}$`));
    await staff.page.getByRole('heading', { level: 1 }).filter({ hasText: 'Ticket' }).waitFor();

    const reply = `Restart the scanner with the switch at the back, ${Date.now()}.`;
    await typeInEditor(staff.page, reply);
    await staff.page.getByRole('button', { name: 'Send reply' }).click();
    await toastText(staff.page, 'Message sent');
    // the operator's own thread shows it as a reply, not as an internal note
    const sent = await waitForMessage(staff.page, reply);
    check(!sent.classes.includes('internal-note'), `a reply, not a note: ${sent.classes}`);
    await shot('-operator');
  } finally {
    await staff.context.close();
  }

  await open(page, baseUrl, `/tickets/${ticketId}`);
  await waitForMessage(page, 'Restart the scanner with the switch at the back');
});
