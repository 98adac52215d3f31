import { readFile } from 'node:fs/promises';
import {
  CLIENT,
  FIRST_LINE,
  SECOND_LINE,
  callApi,
  check,
  createPortalTicket,
  login,
  newSession,
  open,
  openOperator,
  signAndAccept,
  test,
  toastText,
  typeInEditor,
  waitForMessage,
} from '../helpers.mjs';

async function setStatus(page, label) {
  await page.getByLabel('Status', { exact: true }).selectOption({ label });
  await toastText(page, 'updated');
}

test('operator: a ticket from arrival to closure, quoted, timed and invoiced by the first and second line', async ({ page, context, baseUrl, artefacts }) => {
  const stamp = Date.now();
  const subject = `Three new starters need workplaces ${stamp}`;
  const work = `Prepared three laptops ${stamp}`;

  // 1. The ticket arrives from the portal.
  await login(page, context, baseUrl, CLIENT);
  const ticketId = await createPortalTicket(page, baseUrl, subject, 'Three people start on Monday.');
  const { reference } = (await callApi(page, 'GET', `/tickets/${ticketId}`)).body;

  let quotePath;
  const first = await newSession(context);
  const second = await newSession(context);
  try {
    // 2. The first line picks it up from the queue, answers, registers time and waits.
    await login(first.page, first.context, baseUrl, FIRST_LINE);
    await openOperator(first.page, baseUrl, '/tickets');
    await first.page.getByLabel('Search', { exact: true }).fill(subject);
    const row = first.page.locator('table.list-table tbody tr').filter({ hasText: subject });
    await row.waitFor();
    check((await row.textContent()).includes('Open'), 'a new ticket arrives open');
    await row.getByRole('link').first().click();
    await first.page.waitForURL(new RegExp(`/operator/tickets/${ticketId}$`));
    await typeInEditor(first.page, 'We will prepare the laptops; a quote follows.');
    await first.page.getByRole('button', { name: 'Send reply' }).click();
    await toastText(first.page, 'Message sent');
    const form = first.page.getByRole('form', { name: 'Register time' });
    await form.getByLabel('Time spent').fill('1:30');
    await form.getByLabel('Description').fill(work);
    await form.getByRole('button', { name: 'Register' }).click();
    await toastText(first.page, 'Time registered');
    await first.page.getByRole('table', { name: 'Registered time' }).getByRole('cell', { name: work }).waitFor();
    await setStatus(first.page, 'Waiting for reply');

    // 3. The second line drafts a quote for the client's company and adds the laptops.
    await login(second.page, second.context, baseUrl, SECOND_LINE);
    await openOperator(second.page, baseUrl, '/quotes');
    await second.page.getByRole('link', { name: 'New quote' }).click();
    const quoteForm = second.page.getByRole('form', { name: 'New quote' });
    await quoteForm.getByLabel(/^Name/).fill(`Starter workplaces ${stamp}`);
    await quoteForm.getByRole('combobox', { name: 'Company' }).fill('North');
    await quoteForm.getByRole('option', { name: 'Northwind Trading' }).click();
    await quoteForm.getByRole('combobox', { name: 'Client' }).fill('Anna');
    await quoteForm.getByRole('option', { name: 'Anna de Vries' }).click();
    await quoteForm.getByRole('button', { name: 'Create quote' }).click();
    await toastText(second.page, 'Quote created');
    await second.page.waitForURL(/\/operator\/quotes\/[0-9a-f-]+$/);
    quotePath = new URL(second.page.url()).pathname.replace('/app/operator', '');
    const lineForm = second.page.getByRole('form', { name: 'Add a line' });
    await lineForm.getByLabel('Description').fill(`Starter laptop ${stamp}`);
    await lineForm.getByLabel('Quantity').fill('3');
    await lineForm.getByLabel('Price').fill('899');
    await lineForm.getByRole('button', { name: 'Add line' }).click();
    await second.page.getByRole('cell', { name: `Starter laptop ${stamp}` }).waitFor();
    await second.page.getByRole('button', { name: 'Send quote' }).click();
    await toastText(second.page, 'Quote sent');

    // 4. The client accepts the quote and answers on the ticket.
    await open(page, baseUrl, quotePath);
    await page.getByText(`Starter laptop ${stamp}`).first().waitFor();
    await signAndAccept(page);
    await open(page, baseUrl, `/tickets/${ticketId}`);
    await waitForMessage(page, 'a quote follows');

    // 5. The second line puts the registered time on the company's draft invoice and exports it.
    await openOperator(second.page, baseUrl, '/time');
    // The list cuts descriptions short: the ticket reference finds the row.
    const timeRow = second.page.locator('table.list-table tbody tr').filter({ hasText: reference });
    await timeRow.waitFor();
    await timeRow.getByRole('checkbox').check();
    await second.page.getByRole('button', { name: 'Put on draft invoice' }).click();
    await toastText(second.page, 'Line added to draft invoice.');
    await timeRow.waitFor({ state: 'detached' });

    await second.page.getByRole('link', { name: /Open draft invoice/ }).click();
    await second.page.waitForURL(/\/operator\/invoices\/[0-9a-f-]+$/);
    await second.page.getByRole('cell', { name: new RegExp(work) }).first().waitFor();
    const [download] = await Promise.all([
      second.page.waitForEvent('download'),
      second.page.getByRole('button', { name: 'Export' }).click(),
    ]);
    const bytes = await readFile(await download.path());
    check(bytes.subarray(0, 4).toString() === '%PDF', 'the export is a PDF');
    await toastText(second.page, 'Invoice exported');
    await second.page.getByRole('button', { name: 'Restore to draft' }).waitFor();
    await second.page.screenshot({ path: `${artefacts}/operator-workday-invoice.png`, fullPage: true });

    // 6. The first line closes the ticket; the client sees it closed.
    await first.page.reload();
    await first.page.getByRole('form', { name: 'Register time' }).waitFor();
    await setStatus(first.page, 'Closed');
  } finally {
    await first.context.close();
    await second.context.close();
  }
  const closed = await callApi(page, 'GET', `/tickets/${ticketId}`);
  check(closed.body.status?.name_client === 'Closed' || closed.body.status?.name === 'Closed', `closed for the client: ${JSON.stringify(closed.body.status)}`);
  const quote = await callApi(page, 'GET', `/quotes/${quotePath.split('/').pop()}`);
  check(quote.body.status_id === 3, `the quote is accepted: ${quote.body.status_id}`);
});
