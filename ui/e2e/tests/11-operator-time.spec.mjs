import {
  CLIENT,
  FIRST_LINE,
  callApi,
  check,
  createPortalTicket,
  login,
  newSession,
  open,
  openOperator,
  test,
  toastText,
} from '../helpers.mjs';

test("operator: time a first-line operator registers on a ticket shows on the client's contract", async ({ page, context, baseUrl }) => {
  await login(page, context, baseUrl, CLIENT);
  const ticketId = await createPortalTicket(page, baseUrl, `Docking station dead ${Date.now()}`, 'No screen through the dock.');
  const ticket = await callApi(page, 'GET', `/tickets/${ticketId}`);
  const reference = ticket.body.reference;
  const description = `Replaced the dock power supply ${Date.now()}`;

  const staff = await newSession(context);
  try {
    await login(staff.page, staff.context, baseUrl, FIRST_LINE);
    await openOperator(staff.page, baseUrl, `/tickets/${ticketId}`);
    const form = staff.page.getByRole('form', { name: 'Register time' });
    await form.waitFor();
    const time = form.getByLabel('Time spent');
    await time.fill('75');
    await time.blur();
    check((await time.inputValue()) === '01:15', `75 minutes show as ${await time.inputValue()}`);
    await form.getByLabel('Activity').selectOption({ label: 'Support' });
    await form.getByLabel('Description').fill(description);
    await form.getByRole('combobox', { name: 'Contract' }).fill('Prepaid');
    await form.getByRole('option', { name: 'Prepaid support hours' }).click();
    await form.getByRole('button', { name: 'Register' }).click();
    await toastText(staff.page, 'Time registered');
    await staff.page.getByRole('table', { name: 'Registered time' }).getByRole('cell', { name: description }).waitFor();
  } finally {
    await staff.context.close();
  }

  const contracts = await callApi(page, 'GET', '/contracts');
  const prepaid = contracts.body.data.find((c) => c.name === 'Prepaid support hours');
  check(prepaid, 'the client has a prepaid contract');
  await open(page, baseUrl, `/contracts/${prepaid.id}`);
  const row = page.locator('table.detail-table tbody tr').filter({ hasText: description });
  await row.waitFor();
  const text = await row.textContent();
  check(text.includes(reference), `the row names the ticket ${reference}: ${text}`);
  check(text.includes('01:15'), `the row shows 01:15: ${text}`);
  check(text.includes('Femke Bakker'), `the row names the operator: ${text}`);
});
