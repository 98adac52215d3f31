import '@/testing/english';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { page, renderOperator } from '@/testing/render-operator';

const company = { id: 'c1', name: 'Northwind Trading' };
const all = (route: string) => [`${route}.index`, `${route}.show`, `${route}.store`, `${route}.update`, `${route}.destroy`];

describe('record forms for deals, projects, used products and ticket groups', () => {
  it('offers "New deal" only to whoever may create deals', async () => {
    server.use(http.get('*/api/deals', () => HttpResponse.json(page([]))));
    const { unmount } = renderOperator('/operator/deals', all('deals'));
    expect(await screen.findByRole('link', { name: 'New deal' })).toHaveAttribute('href', '/operator/deals/create');
    unmount();
    renderOperator('/operator/deals', ['deals.index']);
    await screen.findByRole('heading', { name: 'Deals' });
    expect(screen.queryByRole('link', { name: 'New deal' })).toBeNull();
  });

  it('needs a description, then creates the deal for the chosen company and client and opens it', async () => {
    let body: unknown = null;
    const deal = { id: 'd9', description: 'Laptops for sales', company, client: { id: 'u7', full_name: 'Carla Client' }, client_id: 'u7', company_id: 'c1', version: 1 };
    server.use(
      http.get('*/api/lookups/:name', ({ params, request }) => {
        if (params.name === 'companies') return HttpResponse.json([company]);
        expect(new URL(request.url).searchParams.get('company_id')).toBe('c1');
        return HttpResponse.json([{ id: 'u7', full_name: 'Carla Client' }]);
      }),
      http.post('*/api/deals', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(deal, { status: 201 });
      }),
      http.get('*/api/deals/:id', () => HttpResponse.json(deal)),
    );
    const { router } = renderOperator('/operator/deals/create', all('deals'));
    const form = await screen.findByRole('form', { name: 'New deal' });
    await userEvent.click(within(form).getByRole('button', { name: 'Create' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Description is required');
    expect(body).toBeNull();

    await userEvent.type(within(form).getByLabelText(/Description/), 'Laptops for sales');
    await userEvent.type(within(form).getByRole('combobox', { name: 'Company' }), 'No');
    await userEvent.click(await within(form).findByRole('option', { name: 'Northwind Trading' }));
    await userEvent.type(within(form).getByRole('combobox', { name: 'Client' }), 'Ca');
    await userEvent.click(await within(form).findByRole('option', { name: 'Carla Client' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/operator/deals/d9'));
    expect(body).toEqual({ description: 'Laptops for sales', company_id: 'c1', client_id: 'u7' });
    expect(await screen.findByText('Deal created')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Laptops for sales Deal' })).toBeInTheDocument();
  });

  it('shows a project with its deal by name and saves a change on the loaded version', async () => {
    let current = { id: 'p1', description: 'Roll-out', company, company_id: 'c1', deal_id: 'd1', version: 3 };
    const puts: unknown[] = [];
    server.use(
      http.get('*/api/projects/:id', () => HttpResponse.json(current)),
      http.get('*/api/deals/:id', () => HttpResponse.json({ id: 'd1', description: 'Workplace renewal', company, version: 1 })),
      http.put('*/api/projects/:id', async ({ request }) => {
        const sent = (await request.json()) as { description: string; version: number };
        puts.push(sent);
        current = { ...current, description: sent.description, version: current.version + 1 };
        return HttpResponse.json(current);
      }),
    );
    renderOperator('/operator/projects/p1', all('projects'));
    const form = await screen.findByRole('form', { name: 'Edit' });
    expect(within(form).getByLabelText(/Description/)).toHaveValue('Roll-out');
    expect(within(form).getByText('Northwind Trading')).toBeInTheDocument();
    expect(await within(form).findByText('Workplace renewal')).toBeInTheDocument();

    const description = within(form).getByLabelText(/Description/);
    await userEvent.clear(description);
    await userEvent.type(description, 'Roll-out, phase 2');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Item updated.')).toBeInTheDocument();
    expect(puts).toEqual([{ description: 'Roll-out, phase 2', company_id: 'c1', deal_id: 'd1', version: 3 }]);
    expect(await screen.findByRole('heading', { name: 'Roll-out, phase 2 Project' })).toBeInTheDocument();
  });

  it('keeps what was typed through a 409 and saves it again on the other operator\'s version', async () => {
    let current = { id: 'd1', description: 'Workplace renewal', company, company_id: 'c1', version: 1 };
    const puts: { description: string; version: number }[] = [];
    server.use(
      http.get('*/api/deals/:id', () => HttpResponse.json(current)),
      http.put('*/api/deals/:id', async ({ request }) => {
        const sent = (await request.json()) as { description: string; version: number };
        puts.push(sent);
        if (sent.version !== current.version) {
          return HttpResponse.json({ message: 'This record was changed by someone else while you edited it. Reload to see their change.' }, { status: 409 });
        }
        current = { ...current, description: sent.description, version: current.version + 1 };
        return HttpResponse.json(current);
      }),
    );
    renderOperator('/operator/deals/d1', all('deals'));
    const form = await screen.findByRole('form', { name: 'Edit' });
    // Meanwhile another operator renames the deal.
    current = { ...current, description: 'Workplace renewal 2027', version: 2 };
    const description = within(form).getByLabelText(/Description/);
    await userEvent.clear(description);
    await userEvent.type(description, 'Laptops only');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent('Your values are kept here');
    expect(await screen.findByRole('heading', { name: 'Workplace renewal 2027 Deal' })).toBeInTheDocument();
    expect(within(form).getByLabelText(/Description/)).toHaveValue('Laptops only');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Laptops only Deal' })).toBeInTheDocument();
    expect(puts.map((p) => p.version)).toEqual([1, 2]);
    await waitFor(() => expect(within(form).queryByRole('alert')).toBeNull());
  });

  it('sends a used product\'s numbers and choices as numbers, and names the server\'s refusal at its field', async () => {
    let body: Record<string, unknown> | null = null;
    server.use(
      http.get('*/api/lookups/companies', () => HttpResponse.json([company])),
      http.post('*/api/used-products', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ message: 'The given data was invalid.', errors: { quantity: ['The quantity must be more than 0.'] } }, { status: 422 });
      }),
    );
    renderOperator('/operator/used-products/create', all('used-products'));
    const form = await screen.findByRole('form', { name: 'New used product' });
    await userEvent.type(within(form).getByLabelText(/Description/), 'Docking station');
    await userEvent.type(within(form).getByRole('combobox', { name: 'Company' }), 'No');
    await userEvent.click(await within(form).findByRole('option', { name: 'Northwind Trading' }));
    await userEvent.type(within(form).getByLabelText(/Quantity/), '0');
    await userEvent.type(within(form).getByLabelText(/Price/), '149,5');
    await userEvent.click(within(form).getByRole('button', { name: 'Create' }));
    expect(within(form).getByText('Type is required')).toBeInTheDocument();
    expect(body).toBeNull();

    await userEvent.selectOptions(within(form).getByLabelText(/^Type/), 'Fixed price');
    await userEvent.selectOptions(within(form).getByLabelText(/Invoice moment/), 'End of phase');
    await userEvent.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('Quantity must be more than 0')).toBeInTheDocument();
    expect(body).toEqual({
      description: 'Docking station',
      company_id: 'c1',
      project_id: null,
      ticket_id: null,
      quantity: 0,
      price: 149.5,
      type: 2,
      invoice_moment: 3,
    });
    expect(within(form).getByLabelText(/Description/)).toHaveValue('Docking station');
  });

  it('deletes a ticket group only after "Do you really want to delete this?"', async () => {
    const deleted: string[] = [];
    server.use(
      http.get('*/api/ticket-groups/:id', () => HttpResponse.json({ id: 'g1', name: 'Onboarding', company, archived_at: null })),
      http.delete('*/api/ticket-groups/:id', ({ params }) => {
        deleted.push(String(params.id));
        return HttpResponse.json({ message: 'Item verwijderd.' });
      }),
      http.get('*/api/ticket-groups', () => HttpResponse.json(page([]))),
    );
    const { router } = renderOperator('/operator/ticket-groups/g1', all('ticket-groups'));
    await screen.findByRole('heading', { name: 'Onboarding Ticket group' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Do you really want to delete this?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/operator/ticket-groups'));
    expect(deleted).toEqual(['g1']);
    expect(await screen.findByText('Item deleted.')).toBeInTheDocument();
  });

  it('creates a ticket group with a name', async () => {
    let body: unknown = null;
    server.use(
      http.post('*/api/ticket-groups', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ id: 'g2', name: 'Migrations', company: null, archived_at: null }, { status: 201 });
      }),
      http.get('*/api/ticket-groups/:id', () => HttpResponse.json({ id: 'g2', name: 'Migrations', company: null, archived_at: null })),
    );
    const { router } = renderOperator('/operator/ticket-groups/create', all('ticket-groups'));
    const form = await screen.findByRole('form', { name: 'New ticket group' });
    await userEvent.type(within(form).getByLabelText(/Name/), 'Migrations');
    await userEvent.click(within(form).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/operator/ticket-groups/g2'));
    expect(body).toEqual({ name: 'Migrations', company_id: null });
  });
});
