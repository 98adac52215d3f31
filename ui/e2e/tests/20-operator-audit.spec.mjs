import {
  FIRST_LINE,
  SECOND_LINE,
  callApi,
  check,
  expect,
  login,
  newSession,
  open,
  openOperator,
  signAndAccept,
  test,
} from '../helpers.mjs';

const CLIENT2 = { email: 'client2@demo.test', password: 'demo' };

/** A wall-clock time 'YYYY-MM-DDTHH:mm:ss' one second after the given one (no zone: the tenant's). */
const secondAfter = (wall) => new Date(new Date(`${wall}Z`).getTime() + 1000).toISOString().slice(0, 19);

test('auditor: open a quote, pick a moment before its acceptance and see it as it was; the diff names old and new values', async ({ page, context, baseUrl }) => {
  // the client whose quote it is, to accept it in the portal
  const client = await newSession(context);
  await login(client.page, client.context, baseUrl, CLIENT2);
  const me = (await callApi(client.page, 'GET', '/auth/me')).body.user;

  // first@ holds audit.view: draft and send a quote for that client
  await login(page, context, baseUrl, FIRST_LINE);
  const drafted = await callApi(page, 'POST', '/quotes', {
    name: 'Audit trail check',
    client_id: me.id,
    company_id: me.company.id,
    lines: [{ description: 'Firewall licence', quantity: 1, price: '450.00' }],
  });
  check(drafted.status === 201, `drafting the quote answered ${drafted.status}`);
  const quoteId = drafted.body.id;
  const sent = await callApi(page, 'POST', `/quotes/${quoteId}/send`);
  check(sent.status === 200, `sending the quote answered ${sent.status}`);
  // a few seconds between sending and accepting, so a moment in between can be picked
  await page.waitForTimeout(2500);
  try {
    await open(client.page, baseUrl, `/quotes/${quoteId}`);
    await signAndAccept(client.page);
  } finally {
    await client.context.close();
  }

  // from the quote's page to its history
  await openOperator(page, baseUrl, `/quotes/${quoteId}`);
  await page.getByRole('link', { name: 'History' }).click();
  await page.waitForURL(new RegExp(`/app/operator/audit/quotes/${quoteId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'History of Quotes Audit trail check' })).toBeVisible();
  await expect(page.getByText("Times are on the tenant's clock (Europe/Amsterdam)")).toBeVisible();

  const events = (await callApi(page, 'GET', `/audit/quotes/${quoteId}/events`)).body.events;
  const sentEvent = events.find((e) => e.type === 'Sent');
  const acceptedEvent = events.find((e) => e.type === 'Accepted');
  const timeline = page.getByRole('list', { name: 'Timeline' });
  const acceptedItem = timeline.getByRole('listitem').filter({ hasText: 'Accepted' });
  await expect(acceptedItem).toContainText(`${me.full_name} (Client)`);
  await expect(acceptedItem.getByRole('row', { name: /status_id/ }).getByRole('cell')).toHaveText(['2', '3']);
  await expect(timeline.getByRole('listitem').filter({ hasText: 'Drafted' })).toContainText('(first line)');

  // a moment between sending and accepting, on the tenant's clock and without a zone
  const moment = secondAfter(sentEvent.time.slice(0, 19));
  check(moment < acceptedEvent.time.slice(0, 19), `${moment} is not before the acceptance at ${acceptedEvent.time}`);
  const picker = page.getByRole('form', { name: 'Choose a moment' });
  await picker.getByLabel('Moment (Europe/Amsterdam)').fill(moment);
  await picker.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByText(`Read in the tenant's time zone Europe/Amsterdam: ${moment.replace('T', ' ')}`)).toBeVisible();
  const asItWas = page.getByRole('table', { name: 'The record as it was' });
  await expect(page.getByText(`Version ${sentEvent.version} · Sent`, { exact: false }).first()).toBeVisible();
  await expect(asItWas.getByRole('row', { name: /^status_id/ }).getByRole('cell')).toHaveText('2');
  await expect(asItWas.getByRole('row', { name: /lines\[1\]\.description/ }).getByRole('cell')).toHaveText('Firewall licence');
  await expect(asItWas.getByRole('row', { name: /acceptance/ })).toHaveCount(0);

  // the two versions side by side: old and new values named
  const compare = page.getByRole('form', { name: 'Compare two versions' });
  await compare.getByLabel('Old version').selectOption(String(sentEvent.version));
  await compare.getByLabel('New version').selectOption(String(acceptedEvent.version));
  await compare.getByRole('button', { name: 'Compare' }).click();
  const diff = page.getByRole('table', { name: `Version ${sentEvent.version} against version ${acceptedEvent.version}` });
  await expect(diff.getByRole('row', { name: /^status_id/ }).getByRole('cell')).toHaveText(['2', '3']);
  await expect(diff.getByRole('row', { name: /^acceptance\.name/ }).getByRole('cell')).toHaveText(['—', me.full_name]);

  // an operator without audit.view sees neither the screen nor the link
  const other = await newSession(context);
  try {
    await login(other.page, other.context, baseUrl, SECOND_LINE);
    await expect(other.page.getByRole('navigation', { name: 'Operator navigation' }).getByRole('link', { name: 'Audit' })).toHaveCount(0);
    const refused = await callApi(other.page, 'GET', `/audit/quotes/${quoteId}/events`);
    check(refused.status === 403, `second@ reading the history answered ${refused.status}`);
    await openOperator(other.page, baseUrl, `/quotes/${quoteId}`);
    await expect(other.page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(other.page.getByRole('link', { name: 'History' })).toHaveCount(0);
  } finally {
    await other.context.close();
  }
});
