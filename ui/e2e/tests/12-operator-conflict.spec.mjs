import {
  CLIENT,
  FIRST_LINE,
  SECOND_LINE,
  callApi,
  check,
  createPortalTicket,
  login,
  newSession,
  openOperator,
  test,
  toastText,
} from '../helpers.mjs';

test('operator: two operators save the same ticket at once; one is told of the conflict and nothing is lost', async ({ page, context, baseUrl, artefacts }) => {
  await login(page, context, baseUrl, CLIENT);
  const ticketId = await createPortalTicket(page, baseUrl, `Badge reader broken ${Date.now()}`, 'The badge reader at the door blinks red.');

  const a = await newSession(context);
  const b = await newSession(context);
  const tag = `LAP-${Date.now() % 100000}`;
  try {
    await login(a.page, a.context, baseUrl, FIRST_LINE);
    await login(b.page, b.context, baseUrl, SECOND_LINE);
    await openOperator(a.page, baseUrl, `/tickets/${ticketId}`);
    await openOperator(b.page, baseUrl, `/tickets/${ticketId}`);
    await a.page.getByRole('form', { name: 'Custom fields' }).waitFor();
    const bForm = b.page.getByRole('form', { name: 'Custom fields' });
    await bForm.waitFor();

    // Both have the same version loaded. B starts typing; A saves a status first.
    await bForm.getByLabel('Asset tag').fill(tag);
    await a.page.getByLabel('Status', { exact: true }).selectOption({ label: 'Waiting for reply' });
    await toastText(a.page, 'updated');

    await bForm.getByRole('button', { name: 'Save fields' }).click();
    const alert = bForm.getByRole('alert');
    await alert.waitFor();
    const message = await alert.textContent();
    check(message.includes('changed by someone else'), `a clear conflict message: ${message}`);
    await toastText(b.page, 'changed by someone else');
    await b.page.screenshot({ path: `${artefacts}/operator-conflict-seen.png`, fullPage: true });

    // B still has what was typed, and now sees A's status.
    check((await bForm.getByLabel('Asset tag').inputValue()) === tag, 'the typed value is kept');
    const bStatus = b.page.getByLabel('Status', { exact: true });
    let shown = '';
    for (let i = 0; i < 50 && shown !== 'Waiting for reply'; i++) {
      shown = await bStatus.evaluate((select) => select.selectedOptions[0]?.textContent ?? '');
      if (shown !== 'Waiting for reply') await b.page.waitForTimeout(100);
    }
    check(shown === 'Waiting for reply', `B sees A's status after the reload: ${shown}`);
    await bForm.getByRole('button', { name: 'Save fields' }).click();
    await toastText(b.page, 'updated');
    await alert.waitFor({ state: 'detached' });

    const saved = await callApi(b.page, 'GET', `/tickets/${ticketId}/edit`);
    check(saved.status === 200, `operator view ${saved.status}`);
    check(saved.body.status?.name === 'Waiting for reply', `A's status kept: ${saved.body.status?.name}`);
    const value = (saved.body.custom_values ?? []).find((v) => v.custom_field === 'asset_tag')?.value;
    check(value === tag, `B's asset tag kept: ${value}`);
  } finally {
    await a.context.close();
    await b.context.close();
  }
});
