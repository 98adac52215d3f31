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
  test,
  threadMessages,
  toastText,
  waitForMessage,
} from '../helpers.mjs';

test('operator: an internal note @mentions the second line, who is notified; the client never sees it', async ({ page, context, baseUrl }) => {
  await login(page, context, baseUrl, CLIENT);
  const ticketId = await createPortalTicket(page, baseUrl, `Server room too warm ${Date.now()}`, 'The air conditioning seems off.');

  const first = await newSession(context);
  const second = await newSession(context);
  const note = `Warranty case, please call the supplier ${Date.now()}`;
  try {
    await login(first.page, first.context, baseUrl, FIRST_LINE);
    await openOperator(first.page, baseUrl, `/tickets/${ticketId}`);
    const editor = first.page.getByRole('textbox', { name: 'Message', exact: true });
    await editor.click();
    await first.page.keyboard.type('@Sand');
    await first.page.getByRole('listbox', { name: 'Mention an operator' }).getByRole('option', { name: /Sander Visser/ }).click();
    await first.page.keyboard.type(` ${note}`);
    await first.page.getByRole('button', { name: 'Add internal note' }).click();
    await toastText(first.page, 'Message sent');
    const written = await waitForMessage(first.page, note);
    check(written.classes.includes('internal-note'), `marked as an internal note: ${written.classes}`);

    // The second-line operator, in a browser of their own, finds the mention.
    await login(second.page, second.context, baseUrl, SECOND_LINE);
    await openOperator(second.page, baseUrl, '/tickets');
    const tab = second.page.getByRole('navigation', { name: 'Operator navigation' }).getByRole('link', { name: /Mentions/ });
    await tab.getByLabel(/\d+ unread/).waitFor();
    await tab.click();
    const item = second.page.getByRole('list', { name: 'Mentions' }).getByRole('listitem').filter({ hasText: 'Femke Bakker mentioned you' }).first();
    await item.waitFor();
    check((await item.getAttribute('class'))?.includes('unread'), 'the mention is unread');
    await item.getByRole('link').click();
    await second.page.waitForURL(new RegExp(`/app/operator/tickets/${ticketId}#message-`));
    const highlighted = second.page.locator('ol.thread li.message.highlighted');
    await highlighted.waitFor();
    const shown = (await threadMessages(second.page)).find((m) => m.classes.includes('highlighted'));
    check(shown?.text.includes(note), `the highlighted message is the note: ${shown?.text}`);
  } finally {
    await first.context.close();
    await second.context.close();
  }

  // The client's portal: neither the page nor the API answer carries the note.
  await open(page, baseUrl, `/tickets/${ticketId}`);
  await waitForMessage(page, 'The air conditioning seems off.');
  const texts = (await threadMessages(page)).map((m) => m.text).join('\n');
  check(!texts.includes(note), 'the portal page does not show the internal note');
  const answer = await callApi(page, 'GET', `/tickets/${ticketId}`);
  check(answer.status === 200, `client ticket answer ${answer.status}`);
  check(Array.isArray(answer.body.messages) && answer.body.messages.length > 0, 'the answer has the thread');
  check(!JSON.stringify(answer.body).includes(note), 'the API answer to the client does not carry the note');
  check(answer.body.messages.every((m) => Number(m.visible_to_client ?? 1) === 1), 'only client-visible messages');
});
