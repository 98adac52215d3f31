// An operator books an invoice: it shows its VAT breakdown and amount due, is marked paid,
// and is credited in full once; the billing profile refuses a bad IBAN under its field.
import { FIRST_LINE, callApi, check, login, openOperator, test, toastText } from '../helpers.mjs';

test('operator: an invoice is booked, marked paid and credited once; the billing profile checks its IBAN', async ({ page, context, baseUrl }) => {
  await login(page, context, baseUrl, FIRST_LINE);
  const companies = await callApi(page, 'GET', '/companies?per_page=1');
  const company = companies.body.data[0].id;
  const made = await callApi(page, 'POST', '/invoices', {
    company_id: company,
    reference_number: 'Books',
    lines: [
      { description: 'Support hours', quantity: '1.5', price: '75.00', vat_rate: '21', unit_code: 'HUR' },
      { description: 'Licence', quantity: '1', price: '100.00', vat_rate: '0', vat_category: 'AE' },
    ],
  });
  check(made.status === 201, `the invoice is made: ${made.status} ${JSON.stringify(made.body)}`);
  const exported = await callApi(page, 'POST', `/invoicing/export/${made.body.id}`);
  check(exported.status === 200, `the invoice is finalised: ${exported.status}`);

  await openOperator(page, baseUrl, `/invoices/${made.body.id}`);
  const booking = page.getByRole('region', { name: 'Booking' });
  const breakdown = booking.getByRole('table', { name: 'VAT breakdown' });
  await breakdown.getByText('VAT reverse charge').waitFor();
  await breakdown.getByText('€ 23,63').waitFor();
  await booking.getByText('€ 236,13').first().waitFor();

  const marks = page.getByRole('group', { name: 'Payment status' });
  await marks.getByRole('button', { name: 'Mark paid' }).click();
  await toastText(page, 'Invoice marked paid');
  const snapshot = await callApi(page, 'GET', `/invoices/${made.body.id}/snapshot`);
  check(snapshot.body.totals.amount_due === '0.00', `nothing is due: ${JSON.stringify(snapshot.body.totals)}`);

  await marks.getByRole('button', { name: 'Credit invoice' }).click();
  await page.getByRole('dialog', { name: 'Credit this invoice in full?' }).getByRole('button').last().click();
  await toastText(page, 'Credit invoice made');
  await page.waitForURL((url) => !url.pathname.endsWith(made.body.id));
  await page.getByRole('region', { name: 'Booking' }).getByRole('link', { name: made.body.code }).waitFor();
  const again = await callApi(page, 'POST', `/invoices/${made.body.id}/credit`);
  check(again.status === 409, `credited once only: ${again.status}`);

  await openOperator(page, baseUrl, '/settings/billing-profile');
  const iban = page.getByLabel('IBAN');
  await iban.fill('NL00ABNA0000000000');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('The IBAN is not valid.').waitFor();
});
