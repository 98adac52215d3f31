import { check, listReady, login, test } from '../helpers.mjs';

test('logs in as the demo client and sees the ticket list', async ({ page, context, baseUrl }) => {
  await login(page, context, baseUrl);
  const range = await listReady(page);
  check(/\d+-\d+ of \d+/.test(range) || (await page.getByText('No tickets found.').count()) > 0, `range: ${range}`);
  check((await page.title()).endsWith(' Portal'), `title: ${await page.title()}`);
});
