import '@/testing/english';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { page, renderOperator } from '@/testing/render-operator';

const company = { id: 'c1', name: 'Northwind Trading' };

describe('deals, projects and used products', () => {
  it('lists deals linking to deals.show, which the generic detail screen titles', async () => {
    server.use(
      http.get('*/api/deals', () => HttpResponse.json(page([{ id: 'd1', description: 'Workplace renewal', company, client: { id: 'u1', full_name: 'Anna de Vries' } }]))),
      http.get('*/api/deals/:id', () => HttpResponse.json({ id: 'd1', description: 'Workplace renewal', company, version: 1 })),
    );
    renderOperator('/operator/deals', ['deals.index', 'deals.show']);
    const link = await screen.findByRole('link', { name: 'Workplace renewal' });
    expect(link).toHaveAttribute('href', '/operator/deals/d1');
    expect(screen.getByText('Anna de Vries')).toBeInTheDocument();
    await userEvent.click(link);
    expect(await screen.findByRole('heading', { name: 'Workplace renewal Deal' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Workplace renewal Deal'));
  });

  it('lists projects with their deal, linking to project.show', async () => {
    server.use(http.get('*/api/projects', () => HttpResponse.json(page([{ id: 'p1', description: 'Workplace roll-out', company, deal_id: 'd1' }]))));
    renderOperator('/operator/projects', ['projects.index']);
    expect(await screen.findByRole('link', { name: 'Workplace roll-out' })).toHaveAttribute('href', '/operator/projects/p1');
    expect(screen.getByRole('link', { name: 'Deal' })).toHaveAttribute('href', '/operator/deals/d1');
  });

  it('names the used-product type and invoice moment and puts the chosen ones on a draft invoice', async () => {
    let body: unknown = null;
    server.use(
      http.get('*/api/used-products', () =>
        HttpResponse.json(page([
          { id: 'u1', description: 'Docking station', company, quantity: 3, price: 149, total: 447, type: 1, invoice_moment: 3 },
          { id: 'u2', description: 'Installation', company, quantity: 1, price: 250, total: 250, type: 2, invoice_moment: 2 },
        ])),
      ),
      http.post('*/api/used-products/invoice', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'Regel toegevoegd aan conceptfactuur.', invoice_ids: ['i1'] });
      }),
    );
    renderOperator('/operator/used-products', ['used-products.index']);
    await screen.findByText('Docking station');
    const table = screen.getByRole('table');
    const first = within(table).getByText('Docking station').closest('tr')!;
    expect(within(first).getByText('Product')).toBeInTheDocument();
    expect(within(first).getByText('End of phase')).toBeInTheDocument();
    const second = within(table).getByText('Installation').closest('tr')!;
    expect(within(second).getByText('Fixed price')).toBeInTheDocument();
    expect(within(second).getByText('Start of phase')).toBeInTheDocument();
    const put = screen.getByRole('button', { name: 'Put on draft invoice' });
    expect(put).toBeDisabled();
    await userEvent.click(screen.getByLabelText('Select u1'));
    await userEvent.click(put);
    expect(await screen.findByText('Line added to draft invoice.')).toBeInTheDocument();
    expect(body).toEqual({ ids: ['u1'] });
  });

  it('shows the tabs only with their index permission', async () => {
    server.use(http.get('*/api/deals', () => HttpResponse.json(page([]))));
    renderOperator('/operator/deals', ['deals.index']);
    const nav = screen.getByRole('navigation', { name: 'Operator navigation' });
    expect(within(nav).getByRole('link', { name: 'Deals' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Projects' })).toBeNull();
    expect(await screen.findByText('No deals found.')).toBeInTheDocument();
  });
});
