import { SECOND_LINE, callApi, check, login, openOperator, test, toastText } from '../helpers.mjs';

test('operator: a second-line operator creates a deal and a project under it, renames the deal and deletes the project', async ({ page, context, baseUrl }) => {
  await login(page, context, baseUrl, SECOND_LINE);
  const deal = `Laptops for sales ${Date.now()}`;
  const project = `Roll out the laptops ${Date.now()}`;

  await openOperator(page, baseUrl, '/deals');
  await page.getByRole('link', { name: 'New deal' }).click();
  const newDeal = page.getByRole('form', { name: 'New deal' });
  await newDeal.getByLabel(/Description/).fill(deal);
  await newDeal.getByRole('combobox', { name: 'Company' }).fill('North');
  await newDeal.getByRole('option', { name: 'Northwind Trading' }).click();
  await newDeal.getByRole('combobox', { name: 'Client' }).fill('Anna');
  await newDeal.getByRole('option', { name: 'Anna de Vries' }).click();
  await newDeal.getByRole('button', { name: 'Create' }).click();
  await toastText(page, 'Deal created');
  await page.getByRole('heading', { name: `${deal} Deal` }).waitFor();
  const dealId = page.url().split('/deals/')[1];

  await openOperator(page, baseUrl, '/projects/create');
  const newProject = page.getByRole('form', { name: 'New project' });
  await newProject.getByLabel(/Description/).fill(project);
  await newProject.getByRole('combobox', { name: 'Company' }).fill('North');
  await newProject.getByRole('option', { name: 'Northwind Trading' }).click();
  await newProject.getByRole('combobox', { name: 'Deal' }).fill('Laptops');
  await newProject.getByRole('option', { name: deal }).click();
  await newProject.getByRole('button', { name: 'Create' }).click();
  await page.getByRole('heading', { name: `${project} Project` }).waitFor();
  const projectId = page.url().split('/projects/')[1];
  const stored = await callApi(page, 'GET', `/projects/${projectId}`);
  check(stored.body.deal_id === dealId, `the project hangs under the deal: ${JSON.stringify(stored.body)}`);

  await openOperator(page, baseUrl, `/deals/${dealId}`);
  const edit = page.getByRole('form', { name: 'Edit' });
  await edit.getByLabel(/Description/).fill(`${deal} (signed)`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await toastText(page, 'Item updated.');
  await page.getByRole('heading', { name: `${deal} (signed) Deal` }).waitFor();

  await openOperator(page, baseUrl, `/projects/${projectId}`);
  // the project's form names its deal by the deal's current description
  await page.getByRole('form', { name: 'Edit' }).getByText(`${deal} (signed)`).waitFor();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog', { name: 'Do you really want to delete this?' }).getByRole('button', { name: 'Yes' }).click();
  await toastText(page, 'Item deleted.');
  await page.getByRole('heading', { name: 'Projects' }).waitFor();
  const gone = await callApi(page, 'GET', `/projects/${projectId}`);
  check(gone.status === 404, `the project is gone: ${gone.status}`);
});
