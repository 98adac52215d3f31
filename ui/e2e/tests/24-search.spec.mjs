// Issue 17: the search box of both shells. An operator finds a reply by three letters of a
// word in it and opens the ticket at that message; a client never finds an internal note.
import AxeBuilder from '@axe-core/playwright';
import { CLIENT, FIRST_LINE, createPortalTicket, expect, login, newSession, open, openOperator, test, toastText, typeInEditor, waitForMessage } from '../helpers.mjs';

const BOX = { name: 'Search everywhere' };

/** Types into the shell's search box until the results show an option with the text (the index follows the events). */
async function searchUntil(page, typed, text, group) {
  const box = page.getByRole('combobox', BOX);
  const list = page.getByRole('listbox', { name: 'Search results' });
  await expect(async () => {
    await box.fill('');
    await box.pressSequentially(typed);
    const scope = group ? list.getByRole('group', { name: group }) : list;
    await expect(scope.getByRole('option').filter({ hasText: text }).first()).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 30000 });
  return list;
}

test('search: an operator finds a reply by three letters and opens it highlighted; a client never finds an internal note', async ({ page, context, baseUrl, shot, artefacts }) => {
  // four replies typed, a note and two users: more than the default on a busy machine
  test.setTimeout(300_000);
  const stamp = String(Date.now()).slice(-6);
  const replyWord = `xylofoonband${stamp}`;
  const noteWord = `quokkaverslag${stamp}`;
  await login(page, context, baseUrl, CLIENT);
  const ticketId = await createPortalTicket(page, baseUrl, `Projector flickers ${stamp}`, 'The projector in room 3 flickers.');

  const staff = await newSession(context);
  try {
    await login(staff.page, staff.context, baseUrl, FIRST_LINE);
    await openOperator(staff.page, baseUrl, `/tickets/${ticketId}`);
    // a few replies, so the thread is long enough to need scrolling to the one found
    for (let i = 1; i <= 4; i++) {
      const text = i === 2 ? `Replace the ${replyWord} cable behind the screen.` : `Step ${i}: checked the lamp hours and the settings once more, nothing unusual.`;
      await typeInEditor(staff.page, text);
      await staff.page.getByRole('button', { name: 'Send reply' }).click();
      await toastText(staff.page, 'Message sent');
      await waitForMessage(staff.page, text.slice(0, 30));
    }
    await typeInEditor(staff.page, `Supplier says ${noteWord}, do not tell the client yet.`);
    await staff.page.getByRole('button', { name: 'Add internal note' }).click();
    await waitForMessage(staff.page, noteWord);

    // the operator finds the note (so it is indexed) and the reply by three letters
    await searchUntil(staff.page, noteWord.slice(0, 5), noteWord, 'Messages');
    await openOperator(staff.page, baseUrl, '/tickets');
    await staff.page.getByRole('heading', { level: 1 }).first().waitFor();
    const list = await searchUntil(staff.page, 'xyl', replyWord, 'Messages');
    const reply = list.getByRole('group', { name: 'Messages' }).getByRole('option').first();
    await expect(reply).toContainText(replyWord);
    await expect(reply.locator('mark').first()).toBeVisible();
    await staff.page.screenshot({ path: `${artefacts}/search-operator-results.png` });
    // the open box with its grouped results passes axe (combobox, listbox, groups, options)
    const axe = await new AxeBuilder({ page: staff.page }).setLegacyMode(true).options({ iframes: false }).include('.site-search').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    // keyboard: down to the reply, Enter opens it
    const box = staff.page.getByRole('combobox', BOX);
    const replyId = await reply.getAttribute('id');
    for (let i = 0; i < 20 && (await box.getAttribute('aria-activedescendant')) !== replyId; i++) await box.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-activedescendant', replyId);
    await box.press('Enter');
    await staff.page.waitForURL(new RegExp(`/app/operator/tickets/${ticketId}#message-[^/]+$`));
    const messageId = new URL(staff.page.url()).hash.slice('#message-'.length);
    const shown = staff.page.locator(`li#message-${messageId}`);
    await expect(shown).toHaveClass(/highlighted/);
    await expect(shown).toBeInViewport();
    await expect(staff.page.locator('li.message.highlighted')).toHaveCount(1);
    await staff.page.screenshot({ path: `${artefacts}/search-operator-ticket.png` });
  } finally {
    await staff.context.close();
  }

  // The client: the reply is found, the internal note's word is not.
  await open(page, baseUrl, '/tickets');
  await page.getByRole('heading', { name: 'Tickets', level: 1 }).waitFor();
  await searchUntil(page, replyWord.slice(0, 6), replyWord);
  const box = page.getByRole('combobox', BOX);
  for (const typed of [noteWord, noteWord.slice(0, 5), `"${noteWord}"`]) {
    await box.fill(typed);
    await expect(page.getByText(`Nothing found for “${typed}”`).first()).toBeVisible({ timeout: 10000 });
    await expect(page.getByRole('listbox', { name: 'Search results' }).getByRole('option')).toHaveCount(0);
  }
  // the client's answer holds nothing of the note, whatever the screen shows
  const answer = await page.evaluate(async (q) => {
    const res = await fetch(`/api/search?q=${encodeURIComponent(q)}`, { headers: { Accept: 'application/json', Authorization: `Bearer ${localStorage.getItem('portal_token')}` } });
    return { status: res.status, text: await res.text() };
  }, noteWord);
  expect(answer.status).toBe(200);
  expect(answer.text).not.toContain(noteWord);
  await shot('-client');
});

/** Posts replies to a ticket through the API with the page's own token (many, quickly). */
async function postReplies(page, ticketId, texts) {
  const statuses = await page.evaluate(
    async ({ ticketId, texts }) => {
      const answers = [];
      for (const text of texts) {
        const form = new FormData();
        form.set('message', text);
        form.set('morphable_type', 'Ticket');
        form.set('morphable_id', ticketId);
        form.set('visible_to_client', '1');
        form.set('is_from_client', '0');
        const res = await fetch('/api/messages', {
          method: 'POST',
          headers: { Accept: 'application/json', Authorization: `Bearer ${localStorage.getItem('portal_token')}` },
          body: form,
        });
        answers.push(res.status);
      }
      return answers;
    },
    { ticketId, texts },
  );
  expect(statuses.every((s) => s === 201)).toBe(true);
}

test('search: an operator opens all results, goes to page 2 and opens a message there, highlighted', async ({ page, context, baseUrl, artefacts }) => {
  // two users' journeys, twenty-odd replies and a phone check: more than the default on a busy machine
  test.setTimeout(300_000);
  const stamp = String(Date.now()).slice(-6);
  const word = `pelikaanrapport${stamp}`;
  await login(page, context, baseUrl, CLIENT);
  const ticketId = await createPortalTicket(page, baseUrl, `Scanner jams ${stamp}`, 'The scanner on the first floor jams.');

  const staff = await newSession(context);
  try {
    await login(staff.page, staff.context, baseUrl, FIRST_LINE);
    await openOperator(staff.page, baseUrl, `/tickets/${ticketId}`);
    await staff.page.getByRole('heading', { level: 1 }).first().waitFor();
    // more replies holding the word than one page shows (twenty)
    await postReplies(
      staff.page,
      ticketId,
      Array.from({ length: 23 }, (_, i) => `Check ${i + 1}: the ${word} of the scanner says the rollers are worn.`),
    );
    await openOperator(staff.page, baseUrl, '/tickets');
    await staff.page.getByRole('heading', { level: 1 }).first().waitFor();
    await searchUntil(staff.page, word, word, 'Messages');
    // Enter with no result chosen opens every result
    await staff.page.getByRole('combobox', BOX).press('Enter');
    await staff.page.waitForURL(/\/app\/operator\/search\?q=/);
    await expect(staff.page.getByRole('heading', { level: 1, name: 'Search results' })).toBeVisible();
    const kinds = staff.page.getByRole('navigation', { name: 'Kinds of results' });
    await kinds.getByRole('link', { name: 'Messages' }).click();
    const first = staff.page.getByRole('list', { name: 'Messages · page 1' });
    await expect(first.getByRole('listitem')).toHaveCount(20, { timeout: 15000 });
    await expect(first.locator('mark').first()).toBeVisible();
    // axe over the page, and it fits a phone
    const axe = await new AxeBuilder({ page: staff.page }).setLegacyMode(true).options({ iframes: false }).include('.search-page').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await staff.page.setViewportSize({ width: 390, height: 844 });
    const width = await staff.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await staff.page.screenshot({ path: `${artefacts}/search-all-results-phone.png`, fullPage: true });
    await staff.page.setViewportSize({ width: 1280, height: 800 });

    await staff.page.getByRole('navigation', { name: 'Pages of results' }).getByRole('link', { name: 'Next page' }).click();
    await staff.page.waitForURL(/page=2/);
    const second = staff.page.getByRole('list', { name: 'Messages · page 2' });
    await expect(second.getByRole('listitem')).toHaveCount(3, { timeout: 15000 });
    await expect(staff.page.getByRole('link', { name: 'Next page' })).toHaveCount(0);
    await staff.page.screenshot({ path: `${artefacts}/search-all-results-page-2.png` });
    const result = second.getByRole('link').first();
    const href = await result.getAttribute('href');
    await expect(result.locator('xpath=..').locator('mark').first()).toContainText(word);
    await result.click();
    await staff.page.waitForURL(new RegExp(`/app/operator/tickets/${ticketId}#message-[^/]+$`));
    const messageId = new URL(staff.page.url()).hash.slice('#message-'.length);
    expect(href).toBe(`/app/operator/tickets/${ticketId}#message-${messageId}`);
    const shown = staff.page.locator(`li#message-${messageId}`);
    await expect(shown).toHaveClass(/highlighted/);
    await expect(staff.page.locator('li.message.highlighted')).toHaveCount(1);
    await expect(shown).toBeInViewport();
  } finally {
    await staff.context.close();
  }

  // The client's portal has the same page: its replies are found there, on a phone too
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, baseUrl, `/search?q=${word}&kind=message`);
  const mine = page.getByRole('list', { name: 'Messages · page 1' });
  await expect(mine.getByRole('listitem')).toHaveCount(20, { timeout: 15000 });
  await expect(mine.getByRole('link').first()).toHaveAttribute('href', new RegExp(`^/app/tickets/${ticketId}#message-`));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const axe = await new AxeBuilder({ page }).setLegacyMode(true).options({ iframes: false }).include('.search-page').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await page.screenshot({ path: `${artefacts}/search-all-results-portal-phone.png`, fullPage: true });
});
