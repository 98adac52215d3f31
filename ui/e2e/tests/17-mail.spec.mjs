// The desk by mail: a client mails the desk (smtplib to `ledgerdesk mail-receive`), the
// operator sees the new ticket and answers; the answer reaches the client's Dovecot mailbox
// threaded (In-Reply-To, References, the reference in the subject); the client answers
// that mail and the answer lands in the same ticket in the operator's browser. Then the
// mail screens at a desktop and a phone width: no wider than the screen, no serious axe
// finding. tests/e2e/run-browser-tests.sh starts Dovecot, the relay into it, the
// receiver and the server with LEDGERDESK_SMTP_URL, and names their ports.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { CLIENT, FIRST_LINE, callApi, check, expect, login, newSession, open, openOperator, test, toastText, typeInEditor, waitForMessage } from '../helpers.mjs';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const env = process.env;
const MAIL = {
  python: env.LEDGERDESK_E2E_PYTHON ?? 'python3',
  receivePort: env.LEDGERDESK_E2E_RECEIVE_PORT,
  imapPort: env.LEDGERDESK_E2E_IMAP_PORT,
  account: env.LEDGERDESK_E2E_MAIL_ACCOUNT,
  ccAccount: env.LEDGERDESK_E2E_MAIL_CC_ACCOUNT,
};
const CLIENT_ADDRESS = 'client@demo.test';
const DESK_ADDRESS = 'support@demo.localhost';

/** Runs tests/e2e/browser_mail.py with the arguments; answers what it printed. */
function mailTool(...args) {
  return execFileSync(MAIL.python, [join(ROOT, 'tests', 'e2e', 'browser_mail.py'), ...args], { cwd: ROOT, encoding: 'utf8', timeout: 90_000 }).trim();
}

/** Sends a mail to the desk's receiver (from the client unless another sender is named); answers its Message-ID. */
function mailTheDesk(subject, body, thread = {}, sender = CLIENT_ADDRESS) {
  const extra = [];
  if (thread.inReplyTo) extra.push('--in-reply-to', thread.inReplyTo);
  if (thread.references) extra.push('--references', thread.references);
  return mailTool('send', '--port', MAIL.receivePort, '--sender', sender, '--to', DESK_ADDRESS, '--subject', subject, '--body', body, ...extra);
}

/** Waits for the mail in a mailbox (the client's unless named) that holds the text; answers its headers. */
function mailWith(text, account = MAIL.account) {
  return JSON.parse(mailTool('find', '--imap-port', MAIL.imapPort, '--account', account, '--text', text, '--timeout', '60'));
}

/** Reloads the page until the locator shows (a mail is taken in by another process). */
async function reloadUntil(page, locator, seconds = 30) {
  for (let i = 0; i < seconds; i++) {
    if (await locator.count()) return;
    await page.waitForTimeout(1000);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
  }
  await locator.first().waitFor({ timeout: 1000 });
}

test('mail: a mailed problem becomes a ticket, the answer reaches the client threaded, the reply lands in the same ticket', async ({ page, context, baseUrl, shot }) => {
  check(MAIL.receivePort && MAIL.imapPort && MAIL.account && MAIL.ccAccount, 'run-browser-tests.sh started no Dovecot, relay or receiver (see its notes)');
  const stamp = Date.now();
  const subject = `Plotter prints blank pages ${stamp}`;
  const asked = mailTheDesk(subject, `Hello,\n\nthe plotter on the second floor prints blank pages since this morning (${stamp}).\n\nAnna`);

  await login(page, context, baseUrl, FIRST_LINE);
  await openOperator(page, baseUrl, '/tickets');
  await page.getByLabel('Search', { exact: true }).fill(subject);
  const row = page.locator('table.list-table tbody tr').filter({ hasText: subject });
  await reloadUntil(page, row);
  await row.getByRole('link').first().click();
  await page.waitForURL(/\/app\/operator\/tickets\/[0-9a-f-]+$/);
  const ticketId = page.url().split('/').pop();
  const ticket = (await callApi(page, 'GET', `/tickets/${ticketId}`)).body;
  check(ticket.reference, `the ticket has a reference: ${JSON.stringify(ticket).slice(0, 200)}`);

  // the thread shows where the message came from
  const first = await waitForMessage(page, 'prints blank pages since this morning');
  const origin = page.locator(`#${first.id} dl.mail-origin`);
  await expect(origin).toContainText(CLIENT_ADDRESS);
  await expect(origin).toContainText(DESK_ADDRESS);
  await expect(origin.locator('time')).toHaveCount(1);

  const answer = `Switch the plotter off and on, then print the test page (${stamp}).`;
  await typeInEditor(page, answer);
  // a colleague of the client gets a copy
  const colleague = MAIL.ccAccount.split(':')[0];
  await page.getByText('Also to').click();
  await page.getByLabel('Cc', { exact: true }).fill(colleague);
  await page.getByRole('button', { name: 'Send reply' }).click();
  await toastText(page, 'Message sent');
  await shot('-answered');

  // the client's mailbox gets the answer, threaded on the client's mail and the ticket
  const received = mailWith(answer);
  check(received.subject.includes(ticket.reference), `the reference ${ticket.reference} in the subject: ${received.subject}`);
  check(received.in_reply_to.trim() !== '', `an In-Reply-To: ${JSON.stringify(received)}`);
  check(received.references.includes(asked), `References name the client's mail ${asked}: ${received.references}`);
  check(received.references.includes(received.in_reply_to.trim()), `References hold the In-Reply-To: ${JSON.stringify(received)}`);
  check(received.cc.includes(colleague), `the colleague in Cc: ${JSON.stringify(received)}`);
  const copy = mailWith(answer, MAIL.ccAccount);
  check(copy.message_id === received.message_id, `the colleague's copy is the same mail: ${copy.message_id} / ${received.message_id}`);

  // the client answers that mail; the answer lands in the same ticket
  const followUp = `Done, the test page is still blank (${stamp}).`;
  mailTheDesk(`Re: ${received.subject}`, `${followUp}\n\nAnna\n\n> ${answer}`, {
    inReplyTo: received.message_id,
    references: `${received.references} ${received.message_id}`.trim(),
  });
  const message = page.locator('ol.thread li.message').filter({ hasText: followUp });
  await reloadUntil(page, message);
  expect(page.url()).toMatch(new RegExp(`/tickets/${ticketId}$`));
  await expect(message.locator('dl.mail-origin')).toContainText(CLIENT_ADDRESS);
  // the quoted history is not shown as the message's text
  await expect(message).not.toContainText(answer);
  await shot('-replied');

  // the client's portal shows the same origin on the mailed messages, and no bcc
  const client = await newSession(context);
  try {
    await login(client.page, client.context, baseUrl, CLIENT);
    await open(client.page, baseUrl, `/tickets/${ticketId}`);
    const mailed = client.page.locator('ol.thread li.message').filter({ hasText: followUp });
    await mailed.waitFor();
    await expect(mailed.locator('dl.mail-origin')).toContainText(CLIENT_ADDRESS);
    await expect(mailed.locator('dl.mail-origin')).toContainText(DESK_ADDRESS);
    await expect(client.page.locator('ol.thread')).not.toContainText(/bcc/i);
  } finally {
    await client.context.close();
  }
});

test("mail: a stranger's mail waits for review, and accepting it opens its ticket", async ({ page, context, baseUrl, shot }) => {
  check(MAIL.receivePort, 'run-browser-tests.sh started no receiver (see its notes)');
  const subject = `Quote for ten laptops ${Date.now()}`;
  mailTheDesk(subject, 'Hello, could you send us a quote for ten laptops?\n\nSam', {}, `sam-${Date.now()}@stranger.test`);
  await login(page, context, baseUrl, FIRST_LINE);
  await openOperator(page, baseUrl, '/settings/mail/review');
  const held = page.getByRole('listitem', { name: subject });
  await reloadUntil(page, held);
  await expect(held).toContainText('could you send us a quote for ten laptops');
  await held.getByLabel('Company (optional)').fill('North');
  await held.getByRole('button', { name: 'Northwind Trading' }).click();
  await held.getByRole('button', { name: `Accept "${subject}"` }).click();
  await toastText(page, 'Mail accepted: the ticket is opened.');
  await expect(held).toHaveCount(0);
  await shot('-accepted');
  await openOperator(page, baseUrl, '/tickets');
  await page.getByLabel('Search', { exact: true }).fill(subject);
  const row = page.locator('table.list-table tbody tr').filter({ hasText: subject });
  await reloadUntil(page, row);
  await expect(row).toContainText('Northwind Trading');
});

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, mobile: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, mobile: true },
];

for (const width of WIDTHS) {
  test(`mail screens fit a ${width.name} and pass axe`, async ({ browser, baseUrl, artefacts }) => {
    const context = await browser.newContext({ viewport: width.viewport, isMobile: width.mobile, hasTouch: width.mobile });
    const page = await context.newPage();
    try {
      // a held mail, so the queue is measured with an item in it
      const held = `Held on a ${width.name} ${Date.now()}`;
      if (MAIL.receivePort) mailTheDesk(held, 'A long line of text from someone the desk does not know yet, to see it wrap on a small screen.', {}, `someone-${Date.now()}@unknown-company.test`);
      await login(page, context, baseUrl, FIRST_LINE);
      for (const [path, heading] of [
        ['/settings/mail', 'Mail settings'],
        ['/settings/mail/review', 'Mail review queue'],
      ]) {
        await openOperator(page, baseUrl, path);
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
        if (path.endsWith('review') && MAIL.receivePort) await reloadUntil(page, page.getByRole('listitem', { name: held }));
        await page.waitForLoadState('networkidle');
        // a phone zooms out to show a too wide page, widening innerWidth: the screen's own width counts
        const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
        const screen = Math.min(innerWidth, width.viewport.width);
        expect(scrollWidth, `${path}: page width ${scrollWidth} px on a ${screen} px screen`).toBeLessThanOrEqual(screen);
        const found = await new AxeBuilder({ page }).analyze();
        const serious = found.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), `axe on ${path}`).toEqual([]);
        await page.screenshot({ path: join(artefacts, `mail-screen${path.replaceAll('/', '-')}-${width.name}.png`), fullPage: true });
      }
    } finally {
      await context.close();
    }
  });
}
