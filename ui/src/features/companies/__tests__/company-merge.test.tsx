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
const byId = Object.fromEntries(companies.map((c) => [c.id, c]));
const none = {
  clients: 0, tickets: 0, quotes: 0, contracts: 0, subscriptions: 0, assets: 0, invoices: 0,
  deals: 0, projects: 0, used_products: 0, locations: 0, ticket_groups: 0,
};
type Records = typeof none;

/**
 * The companies list and the merge routes: the preview names the first id the survivor
 * and what each other company would move; the merge answers the survivor, or `refusal`.
 * What was sent to each is kept.
 */
function serveMerge({ records = () => none, refusal }: { records?: (id: string) => Records; refusal?: { status: number; message: string } } = {}) {
  const sent = { previewed: [] as unknown[], merged: [] as unknown[] };
  server.use(
    http.get('*/api/companies', () => HttpResponse.json(page(companies))),
    http.post('*/api/companies/merge/preview', async ({ request }) => {
      const { ids } = (await request.json()) as { ids: string[] };
      sent.previewed.push({ ids });
      return HttpResponse.json({
        survivor: { id: ids[0], name: byId[ids[0]].name },
        merged: ids.slice(1).map((id) => ({ id, name: byId[id].name, records: records(id) })),
      });
    }),
    http.post('*/api/companies/merge', async ({ request }) => {
      const body = (await request.json()) as { ids: string[] };
      sent.merged.push(body);
      if (refusal) return HttpResponse.json({ message: refusal.message }, { status: refusal.status });
      return HttpResponse.json(byId[body.ids[0]]);
    }),
  );
  return sent;
}

const ENGLISH = { select: (id: string) => `Select ${id}`, merge: 'Merge', dialog: 'Merge companies' };
const DUTCH = { select: (id: string) => `${id} selecteren`, merge: 'Samenvoegen', dialog: 'Bedrijven samenvoegen' };

/** Ticks the companies in the order given, asks to merge them and answers the dialog. */
async function openMerge(ids: string[], words = ENGLISH) {
  renderOperator('/operator/companies');
  await screen.findByRole('link', { name: 'Northwind Trading BV' });
  for (const id of ids) await userEvent.click(screen.getByLabelText(words.select(id)));
  await userEvent.click(screen.getByRole('button', { name: words.merge }));
  return screen.findByRole('dialog', { name: words.dialog });
}

describe('company merge', () => {
  it('names the surviving company, the first ticked, and what moves into it before merging', async () => {
    const sent = serveMerge({ records: () => ({ ...none, clients: 1, tickets: 4, deals: 1 }) });
    const dialog = await openMerge(['c1', 'c2']);
    expect(await within(dialog).findByText('Surviving company: Northwind Trading BV')).toBeInTheDocument();
    const moving = within(dialog).getByRole('list', { name: 'Merged into Northwind Trading BV and archived:' });
    expect(moving).toHaveTextContent('Northwind Trading');
    expect(within(moving).getByText('Tickets: 4')).toBeInTheDocument();
    expect(within(moving).getByText('Clients: 1')).toBeInTheDocument();
    expect(within(moving).getByText('Deals: 1')).toBeInTheDocument();
    expect(within(moving).queryByText(/Invoices/)).toBeNull();
    expect(sent.previewed).toEqual([{ ids: ['c1', 'c2'] }]);
    expect(sent.merged).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge into Northwind Trading BV' }));
    expect(await screen.findByText('Companies merged')).toBeInTheDocument();
    expect(sent.merged).toEqual([{ ids: ['c1', 'c2'] }]);
    expect(screen.queryByRole('dialog', { name: 'Merge companies' })).toBeNull();
  });

  it('keeps the ticking order: the company ticked first survives, and cancel merges nothing', async () => {
    const sent = serveMerge();
    const dialog = await openMerge(['c2', 'c1']);
    expect(await within(dialog).findByText('Surviving company: Northwind Trading')).toBeInTheDocument();
    expect(within(dialog).getByText('Nothing to move')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent.merged).toEqual([]);
  });

  it('lets the operator pick another survivor: the preview follows and the merge sends it first', async () => {
    const sent = serveMerge({ records: (id) => ({ ...none, tickets: id === 'c1' ? 7 : 4 }) });
    const dialog = await openMerge(['c1', 'c2']);
    const choice = await within(dialog).findByRole('group', { name: 'Which company survives?' });
    expect(within(choice).getByRole('radio', { name: 'Northwind Trading BV' })).toBeChecked();

    await userEvent.click(within(choice).getByRole('radio', { name: 'Northwind Trading' }));
    expect(await within(dialog).findByText('Surviving company: Northwind Trading')).toBeInTheDocument();
    expect(within(dialog).getByRole('list', { name: 'Merged into Northwind Trading and archived:' })).toHaveTextContent('Tickets: 7');
    expect(sent.previewed).toEqual([{ ids: ['c1', 'c2'] }, { ids: ['c2', 'c1'] }]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge into Northwind Trading' }));
    expect(await screen.findByText('Companies merged')).toBeInTheDocument();
    expect(sent.merged).toEqual([{ ids: ['c2', 'c1'] }]);
  });

  it('shows a refused merge in the dialog, in the interface language, and keeps it open', async () => {
    localStorage.setItem('APP_LANGUAGE', 'nl');
    serveMerge({ refusal: { status: 409, message: 'The company has already been merged.' } });
    const dialog = await openMerge(['c1', 'c2'], DUTCH);
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Samenvoegen in Northwind Trading BV' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Het bedrijf is al samengevoegd.');
    expect(screen.getByRole('dialog', { name: 'Bedrijven samenvoegen' })).toBeInTheDocument();
  });
});
