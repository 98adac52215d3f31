import '@/testing/english';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { page, renderOperator } from '@/testing/render-operator';

const companies = [
  { id: 'c1', name: 'Northwind Trading BV', address_1: null, city: 'Utrecht', archived_at: null },
  { id: 'c2', name: 'Northwind Trading', address_1: null, city: 'Utrecht', archived_at: null },
];
const none = {
  clients: 0, tickets: 0, quotes: 0, contracts: 0, subscriptions: 0, assets: 0, invoices: 0,
  deals: 0, projects: 0, used_products: 0, locations: 0, ticket_groups: 0,
};

describe('company merge', () => {
  it('names the surviving company, the first ticked, and what moves into it before merging', async () => {
    const previewed: unknown[] = [];
    let merged: unknown = null;
    server.use(
      http.get('*/api/companies', () => HttpResponse.json(page(companies))),
      http.post('*/api/companies/merge/preview', async ({ request }) => {
        const body = (await request.json()) as { ids: string[] };
        previewed.push(body);
        const byId = Object.fromEntries(companies.map((c) => [c.id, c]));
        return HttpResponse.json({
          survivor: { id: body.ids[0], name: byId[body.ids[0]].name },
          merged: body.ids.slice(1).map((id) => ({
            id,
            name: byId[id].name,
            records: { ...none, clients: 1, tickets: 4, deals: 1 },
          })),
        });
      }),
      http.post('*/api/companies/merge', async ({ request }) => {
        merged = await request.json();
        return HttpResponse.json(companies[0]);
      }),
    );
    renderOperator('/operator/companies');
    await screen.findByRole('link', { name: 'Northwind Trading BV' });
    await userEvent.click(screen.getByLabelText('Select c1'));
    await userEvent.click(screen.getByLabelText('Select c2'));
    await userEvent.click(screen.getByRole('button', { name: 'Merge' }));

    const dialog = await screen.findByRole('dialog', { name: 'Merge companies' });
    expect(await within(dialog).findByText('Surviving company: Northwind Trading BV')).toBeInTheDocument();
    const moving = within(dialog).getByRole('list', { name: 'Merged into Northwind Trading BV and archived:' });
    expect(moving).toHaveTextContent('Northwind Trading');
    expect(within(moving).getByText('Tickets: 4')).toBeInTheDocument();
    expect(within(moving).getByText('Clients: 1')).toBeInTheDocument();
    expect(within(moving).getByText('Deals: 1')).toBeInTheDocument();
    expect(within(moving).queryByText(/Invoices/)).toBeNull();
    expect(previewed).toEqual([{ ids: ['c1', 'c2'] }]);
    expect(merged).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge into Northwind Trading BV' }));
    expect(await screen.findByText('Companies merged')).toBeInTheDocument();
    expect(merged).toEqual({ ids: ['c1', 'c2'] });
    expect(screen.queryByRole('dialog', { name: 'Merge companies' })).toBeNull();
  });

  it('keeps the ticking order: the company ticked first survives, and cancel merges nothing', async () => {
    let merged = false;
    server.use(
      http.get('*/api/companies', () => HttpResponse.json(page(companies))),
      http.post('*/api/companies/merge/preview', () =>
        HttpResponse.json({
          survivor: { id: 'c2', name: 'Northwind Trading' },
          merged: [{ id: 'c1', name: 'Northwind Trading BV', records: none }],
        }),
      ),
      http.post('*/api/companies/merge', () => {
        merged = true;
        return HttpResponse.json(companies[1]);
      }),
    );
    renderOperator('/operator/companies');
    await screen.findByRole('link', { name: 'Northwind Trading' });
    await userEvent.click(screen.getByLabelText('Select c2'));
    await userEvent.click(screen.getByLabelText('Select c1'));
    await userEvent.click(screen.getByRole('button', { name: 'Merge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge companies' });
    expect(await within(dialog).findByText('Surviving company: Northwind Trading')).toBeInTheDocument();
    expect(within(dialog).getByText('Nothing to move')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(merged).toBe(false);
  });

  it('lets the operator pick another survivor: the preview follows and the merge sends it first', async () => {
    const previewed: unknown[] = [];
    let merged: unknown = null;
    server.use(
      http.get('*/api/companies', () => HttpResponse.json(page(companies))),
      http.post('*/api/companies/merge/preview', async ({ request }) => {
        const body = (await request.json()) as { ids: string[] };
        previewed.push(body);
        const byId = Object.fromEntries(companies.map((c) => [c.id, c]));
        return HttpResponse.json({
          survivor: { id: body.ids[0], name: byId[body.ids[0]].name },
          merged: body.ids.slice(1).map((id) => ({ id, name: byId[id].name, records: { ...none, tickets: id === 'c1' ? 7 : 4 } })),
        });
      }),
      http.post('*/api/companies/merge', async ({ request }) => {
        merged = await request.json();
        return HttpResponse.json(companies[1]);
      }),
    );
    renderOperator('/operator/companies');
    await screen.findByRole('link', { name: 'Northwind Trading BV' });
    await userEvent.click(screen.getByLabelText('Select c1'));
    await userEvent.click(screen.getByLabelText('Select c2'));
    await userEvent.click(screen.getByRole('button', { name: 'Merge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge companies' });
    const choice = await within(dialog).findByRole('group', { name: 'Which company survives?' });
    expect(within(choice).getByRole('radio', { name: 'Northwind Trading BV' })).toBeChecked();

    await userEvent.click(within(choice).getByRole('radio', { name: 'Northwind Trading' }));
    expect(await within(dialog).findByText('Surviving company: Northwind Trading')).toBeInTheDocument();
    expect(within(dialog).getByRole('list', { name: 'Merged into Northwind Trading and archived:' })).toHaveTextContent('Tickets: 7');
    expect(previewed).toEqual([{ ids: ['c1', 'c2'] }, { ids: ['c2', 'c1'] }]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge into Northwind Trading' }));
    expect(await screen.findByText('Companies merged')).toBeInTheDocument();
    expect(merged).toEqual({ ids: ['c2', 'c1'] });
  });

  it('shows a refused merge in the dialog, in the interface language, and keeps it open', async () => {
    localStorage.setItem('APP_LANGUAGE', 'nl');
    server.use(
      http.get('*/api/companies', () => HttpResponse.json(page(companies))),
      http.post('*/api/companies/merge/preview', () =>
        HttpResponse.json({ survivor: { id: 'c1', name: 'Northwind Trading BV' }, merged: [{ id: 'c2', name: 'Northwind Trading', records: none }] }),
      ),
      http.post('*/api/companies/merge', () => HttpResponse.json({ message: 'The company has already been merged.' }, { status: 409 })),
    );
    renderOperator('/operator/companies');
    await screen.findByRole('link', { name: 'Northwind Trading BV' });
    await userEvent.click(screen.getByLabelText('c1 selecteren'));
    await userEvent.click(screen.getByLabelText('c2 selecteren'));
    await userEvent.click(screen.getByRole('button', { name: 'Samenvoegen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bedrijven samenvoegen' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Samenvoegen in Northwind Trading BV' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Het bedrijf is al samengevoegd.');
    expect(screen.getByRole('dialog', { name: 'Bedrijven samenvoegen' })).toBeInTheDocument();
  });
});
