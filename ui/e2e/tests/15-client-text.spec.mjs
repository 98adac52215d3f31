import { check, login, open, test, toastText } from '../helpers.mjs';

const IMG = '<img src=x onerror="window.__xss=1">';
const SCRIPT = '<script>window.__xss=2</script>';

/** Records every Content-Security-Policy violation the page reports. */
async function watchPolicy(context) {
  await context.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
}

test("shows a client's markup as text, runs none of it, and works under the CSP", async ({ page, context, baseUrl }) => {
  await watchPolicy(context);
  const answer = await page.request.get(`${baseUrl}/app/tickets`);
  const policy = answer.headers()['content-security-policy'] ?? '';
  check(policy.includes("default-src 'self'") && policy.includes("script-src 'self'"), `CSP on /app: ${policy}`);
  check(answer.headers()['x-content-type-options'] === 'nosniff', 'nosniff on /app');

  await login(page, context, baseUrl);
  await open(page, baseUrl, '/tickets/create');
  const form = page.locator('form.ticket-form');
  await form.waitFor();
  await form.getByLabel(/^Subject/).fill(`XSS ${Date.now()}`);
  await form.getByLabel(/^Message/).fill(`${IMG}\nsee https://example.com/help`);
  for (const select of await form.locator('select').all()) await select.selectOption({ index: 1 });
  for (const input of await form.locator('input[type="text"][aria-invalid="true"]').all()) await input.fill('E2E');
  await form.getByRole('button', { name: 'Create ticket' }).click();
  await page.waitForURL(/\/app\/tickets\/[0-9a-f-]+$/);
  await toastText(page, 'Ticket created');

  const reply = page.locator('form.reply');
  await reply.getByLabel('Message').fill(`${SCRIPT} and javascript:alert(1)`);
  await reply.getByRole('button', { name: 'Send' }).click();
  await toastText(page, 'Message sent');

  const thread = page.locator('.thread');
  await thread.getByText(IMG).waitFor();
  await thread.getByText(`${SCRIPT} and javascript:alert(1)`).waitFor();
  check((await thread.locator('img, script, iframe.message-body').count()) === 0, 'no element made from client text');
  const link = thread.getByRole('link', { name: 'https://example.com/help' });
  check((await link.getAttribute('href')) === 'https://example.com/help', 'the address became a link');
  check((await thread.locator('a[href^="javascript"]').count()) === 0, 'no javascript: link');

  await page.reload();
  await thread.getByText(IMG).waitFor();
  const xss = await page.evaluate(() => window.__xss);
  check(xss === undefined, `window.__xss is ${xss}`);
  const violations = await page.evaluate(() => window.__violations);
  check(violations.length === 0, `CSP violations: ${violations.join(', ')}`);
});
