import '@/testing/english';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { page, renderOperator } from '@/testing/render-operator';

describe('quote create', () => {
  it('needs a name, then drafts the quote for the chosen company and client and opens it', async () => {
    let body: unknown = null;
    server.use(
      http.get('*/api/lookups/:name', ({ params }) =>
        HttpResponse.json(params.name === 'companies' ? [{ id: 'c3', name: 'Acme BV' }] : [{ id: 'u7', full_name: 'Carla Client' }]),
      ),
      http.post('*/api/quotes', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ id: 'q9', name: 'New laptops', label: 'Q-9', status_id: 1, total: 0, lines: [] }, { status: 201 });
      }),
      http.get('*/api/quotes/:id', () => HttpResponse.json({ id: 'q9', name: 'New laptops', label: 'Q-9', status_id: 1, total: 0, lines: [] })),
    );
    const { router } = renderOperator('/operator/quotes/create', ['quotes.index', 'quotes.store']);
    const form = await screen.findByRole('form', { name: 'New quote' });
    await userEvent.click(within(form).getByRole('button', { name: 'Create quote' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Name is required');
    expect(body).toBeNull();
    await userEvent.type(within(form).getByLabelText(/Name/), 'New laptops');
    await userEvent.type(within(form).getByRole('combobox', { name: 'Company' }), 'Ac');
    await userEvent.click(await within(form).findByRole('option', { name: 'Acme BV' }));
    await userEvent.type(within(form).getByRole('combobox', { name: 'Client' }), 'Ca');
    await userEvent.click(await within(form).findByRole('option', { name: 'Carla Client' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Create quote' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/operator/quotes/q9'));
    expect(body).toEqual({ name: 'New laptops', company_id: 'c3', client_id: 'u7' });
    expect(await screen.findByRole('form', { name: 'Add a line' })).toBeInTheDocument();
  });

  it('is offered on the quote list only with quotes.store', async () => {
    server.use(http.get('*/api/quotes', () => HttpResponse.json(page([]))));
    const { unmount } = renderOperator('/operator/quotes', ['quotes.index', 'quotes.store']);
    expect(await screen.findByRole('link', { name: 'New quote' })).toHaveAttribute('href', '/operator/quotes/create');
    unmount();
    renderOperator('/operator/quotes', ['quotes.index']);
    await screen.findByRole('heading', { name: 'Quotes' });
    expect(screen.queryByRole('link', { name: 'New quote' })).toBeNull();
  });
});
