import {
  CLIENT,
  SECOND_LINE,
  check,
  login,
  newSession,
  open,
  openOperator,
  signAndAccept,
  test,
  toastText,
} from '../helpers.mjs';

test('operator: a second-line operator adds a line to a concept quote and sends it; the client accepts it', async ({ page, context, baseUrl }) => {
  const staff = await newSession(context);
  let quotePath;
  try {
    await login(staff.page, staff.context, baseUrl, SECOND_LINE);
    await openOperator(staff.page, baseUrl, '/quotes');
    // The demo tenant keeps one concept quote per company: Northwind's belongs to client@.
    const row = staff.page
      .locator('table.list-table tbody tr')
      .filter({ hasText: 'Northwind Trading' })
      .filter({ hasText: 'Concept' })
      .first();
    await row.waitFor();
    await row.getByRole('link').first().click();
    await staff.page.waitForURL(/\/app\/operator\/quotes\/[0-9a-f-]+$/);
    quotePath = new URL(staff.page.url()).pathname.replace('/app/operator', '');

    const form = staff.page.getByRole('form', { name: 'Add a line' });
    await form.getByLabel('Description').fill('On-site installation');
    await form.getByLabel('Quantity').fill('2');
    await form.getByLabel('Price').fill('95,50');
    await form.getByRole('button', { name: 'Add line' }).click();
    await staff.page.getByRole('cell', { name: 'On-site installation' }).waitFor();
    await staff.page.getByRole('button', { name: 'Send quote' }).click();
    await toastText(staff.page, 'Quote sent');
    await staff.page.locator('.badge', { hasText: 'Sent' }).first().waitFor();
  } finally {
    await staff.context.close();
  }

  await login(page, context, baseUrl, CLIENT);
  await open(page, baseUrl, quotePath);
  await page.getByText('On-site installation').first().waitFor();
  await signAndAccept(page);

  // The operator sees the acceptance.
  const again = await newSession(context);
  try {
    await login(again.page, again.context, baseUrl, SECOND_LINE);
    await openOperator(again.page, baseUrl, quotePath);
    await again.page.locator('.badge', { hasText: 'Accepted' }).first().waitFor();
    check(await again.page.getByRole('button', { name: 'Send quote' }).isDisabled(), 'an accepted quote cannot be sent again');
  } finally {
    await again.context.close();
  }
});
