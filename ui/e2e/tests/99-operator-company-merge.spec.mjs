// Last of the run: the client's company is merged away, which later tests would notice.
import {
  CLIENT,
  FIRST_LINE,
  callApi,
  check,
  listReady,
  login,
  newSession,
  open,
  openOperator,
  test,
  toastText,
} from '../helpers.mjs';

const ROUTES = ['tickets', 'quotes', 'contracts', 'invoices', 'assets', 'subscriptions'];

/** The totals of the signed-in client's lists, read with the page's own token. */
async function totals(page) {
  const found = {};
  for (const route of ROUTES) {
    const answer = await callApi(page, 'GET', `/${route}?per_page=1`);
    check(answer.status === 200, `${route} answers ${answer.status}`);
    found[route] = answer.body.total;
  }
  return found;
}

test('operator: company merge names the survivor, and the client of the merged company still sees everything', async ({ page, context, baseUrl }) => {
  await login(page, context, baseUrl, CLIENT);
  const before = await totals(page);
  check(before.tickets > 0 && before.quotes > 0 && before.invoices > 0, `the client has records: ${JSON.stringify(before)}`);
  const me = await callApi(page, 'GET', '/auth/me');
  const merged = me.body.user.company?.id;

  const name = `Bar Merge Survivor ${Date.now()}`;
  const operator = await newSession(context);
  try {
    await login(operator.page, operator.context, baseUrl, FIRST_LINE);
    const made = await callApi(operator.page, 'POST', '/companies', { name });
    check(made.status === 201, `the survivor is created: ${made.status}`);
    const old = await callApi(operator.page, 'GET', `/companies/${merged ?? ''}`);
    check(old.status === 200, `the client's company is known: ${JSON.stringify(me.body.user)}`);

    await openOperator(operator.page, baseUrl, '/companies');
    await operator.page.getByRole('link', { name }).waitFor();
    // ticked first, so it survives
    await operator.page.getByLabel(`Select ${made.body.id}`).check();
    await operator.page.getByLabel(`Select ${merged}`).check();
    await operator.page.getByRole('button', { name: 'Merge', exact: true }).click();
    const dialog = operator.page.getByRole('dialog', { name: 'Merge companies' });
    await dialog.getByText(`Surviving company: ${name}`).waitFor();
    const moving = dialog.getByRole('list', { name: `Merged into ${name} and archived:` });
    await moving.getByText(old.body.name, { exact: true }).waitFor();
    await moving.getByText(`Tickets: ${before.tickets}`).waitFor();
    await dialog.getByRole('button', { name: `Merge into ${name}` }).click();
    await toastText(operator.page, 'Companies merged');
    const gone = await callApi(operator.page, 'GET', `/companies/${merged}`);
    check(gone.body.merged_into === made.body.id, `merged into the survivor: ${JSON.stringify(gone.body)}`);
  } finally {
    await operator.context.close();
  }

  // the client signs in again and sees the same records, now under the survivor
  await login(page, context, baseUrl, CLIENT);
  const after = await totals(page);
  check(JSON.stringify(after) === JSON.stringify(before), `the same totals: ${JSON.stringify(before)} then ${JSON.stringify(after)}`);
  await open(page, baseUrl, '/tickets');
  const range = await listReady(page);
  check(range.endsWith(`of ${before.tickets}`), `the ticket list shows them all: ${range}`);
  await page.getByRole('cell', { name, exact: true }).first().waitFor();
});
