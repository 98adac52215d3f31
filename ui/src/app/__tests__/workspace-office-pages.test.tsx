import '@/testing/english';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { page, renderOperator } from '@/testing/render-operator';

// Record ids are the UUID-like strings the API answers.
const company = { id: 'c3', name: 'Acme BV' };

describe('quotes', () => {
  it('shows the lines and sends a concept quote', async () => {
    let status = 1;
    let sent = false;
    server.use(
      http.get('*/api/quotes/:id', () =>
        HttpResponse.json({
          id: 5,
          name: 'Network upgrade',
          label: 'Q-2026-005',
          status_id: status,
          total: 1250.5,
          company,
          client: null,
          lines: [{ id: 1, description: 'Switch 24 ports', quantity: 2, price: 625.25, total: 1250.5 }],
        }),
      ),
      http.post('*/api/quotes/:id/send', () => {
        sent = true;
        status = 2;
        return HttpResponse.json({ message: 'Sent.' });
      }),
    );
    renderOperator('/operator/quotes/5');
    expect(await screen.findByRole('heading', { name: 'Q-2026-005 Quote' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Switch 24 ports' })).toBeInTheDocument();
    expect(screen.getByText('Concept')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send quote' }));
    expect(await screen.findByText('Quote sent')).toBeInTheDocument();
    expect(sent).toBe(true);
    expect(await screen.findByText('Sent')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send quote' })).toBeDisabled();
    expect(screen.queryByRole('form', { name: 'Add a line' })).toBeNull();
  });
});

describe('quote duplicate', () => {
  it('copies the quote into a new concept and opens it', async () => {
    const quotes: Record<string, object> = {
      q5: { id: 'q5', name: 'Network upgrade', label: 'Q-5', status_id: 3, total: 10, company, client: null, lines: [] },
      q6: { id: 'q6', name: 'Network upgrade', label: 'Q-6', status_id: 1, total: 10, company, client: null, lines: [] },
    };
    let duplicated: string | null = null;
    server.use(
      http.get('*/api/quotes/:id', ({ params }) => HttpResponse.json(quotes[String(params.id)])),
      http.post('*/api/quotes/:id/duplicate', ({ params }) => {
        duplicated = String(params.id);
        return HttpResponse.json(quotes.q6, { status: 201 });
      }),
    );
    const { router } = renderOperator('/operator/quotes/q5');
    expect(await screen.findByRole('heading', { name: 'Q-5 Quote' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Duplicate' }));
    expect(await screen.findByRole('heading', { name: 'Q-6 Quote' })).toBeInTheDocument();
    expect(duplicated).toBe('q5');
    expect(router.state.location.pathname).toBe('/operator/quotes/q6');
    expect(screen.getByText('Quote duplicated')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Add a line' })).toBeInTheDocument();
  });
});

describe('quote lines', () => {
  it('adds a line with a comma price and removes one, only in concept', async () => {
    const calls: { method: string; path: string; body: unknown }[] = [];
    server.use(
      http.get('*/api/quotes/:id', () =>
        HttpResponse.json({ id: 5, name: 'Network upgrade', label: 'Q-5', status_id: 1, total: 0, company, client: null, lines: [{ id: 'l1', description: 'Old cable', quantity: 1, price: 5, total: 5 }] }),
      ),
      http.post('*/api/quotes/:id/lines', async ({ request }) => {
        calls.push({ method: 'POST', path: new URL(request.url).pathname, body: await request.json() });
        return HttpResponse.json({}, { status: 201 });
      }),
      http.delete('*/api/quotes/:id/lines/:line', ({ request }) => {
        calls.push({ method: 'DELETE', path: new URL(request.url).pathname, body: null });
        return HttpResponse.json({});
      }),
    );
    renderOperator('/operator/quotes/5');
    const form = await screen.findByRole('form', { name: 'Add a line' });
    await userEvent.type(within(form).getByLabelText('Description'), 'Patch panel');
    await userEvent.clear(within(form).getByLabelText('Quantity'));
    await userEvent.type(within(form).getByLabelText('Quantity'), '2');
    await userEvent.type(within(form).getByLabelText('Price'), '49,95');
    expect(within(form).getByLabelText('Price')).toHaveValue('49.95');
    await userEvent.click(within(form).getByRole('button', { name: 'Add line' }));
    expect(await screen.findByText('Line added')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Old cable' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls).toEqual([
      { method: 'POST', path: '/api/quotes/5/lines', body: { description: 'Patch panel', quantity: 2, price: 49.95 } },
      { method: 'DELETE', path: '/api/quotes/5/lines/l1', body: null },
    ]);
  });
});

describe('invoices', () => {
  const draft = {
    id: 9,
    external_id: null,
    status: 1,
    date: '2026-11-01',
    total: 150,
    company,
    lines: [
      { id: 1, description: 'T-1000 Cleared the jam', quantity: 1.5, price: 100, total: 150, source: { type: 'time_registration', id: 'tr-1' } },
      { id: 2, description: 'Fixed fee', quantity: 1, price: 0, total: 0, source: null },
    ],
  };

  it('takes a time registration off a draft and exports it as JSON without the PDF module', async () => {
    const calls: { path: string; body: unknown }[] = [];
    server.use(
      http.get('*/api/invoices/:id', () => HttpResponse.json(draft)),
      http.post('*/api/time-registrations/deinvoice', async ({ request }) => {
        calls.push({ path: 'deinvoice', body: await request.json() });
        return HttpResponse.json({ message: 'Regel verwijderd van conceptfactuur.' });
      }),
      http.post('*/api/invoicing/export/:id', ({ params }) => {
        calls.push({ path: `export/${String(params.id)}`, body: null });
        return HttpResponse.json({ reExport: false });
      }),
    );
    renderOperator('/operator/invoices/9');
    expect(await screen.findByText('Draft')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove T-1000 Cleared the jam' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Do you really want to delete this?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Line removed from draft invoice.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Invoice exported')).toBeInTheDocument();
    expect(calls).toEqual([
      { path: 'deinvoice', body: { ids: ['tr-1'] } },
      { path: 'export/9', body: null },
    ]);
  });

  it('adds a line by hand from a product search and removes a typed line', async () => {
    const calls: { method: string; path: string; body: unknown }[] = [];
    const searches: string[] = [];
    server.use(
      http.get('*/api/invoices/:id', () => HttpResponse.json(draft)),
      http.get('*/api/products/search', ({ request }) => {
        searches.push(new URL(request.url).searchParams.get('search') ?? '');
        return HttpResponse.json([{ id: 4, product_code: 'DS-1', product_name: 'Docking station', price: '149.00' }]);
      }),
      http.post('*/api/invoices/:id/lines', async ({ request }) => {
        calls.push({ method: 'POST', path: new URL(request.url).pathname, body: await request.json() });
        return HttpResponse.json({ ...draft, message: 'Regel toegevoegd aan conceptfactuur.' }, { status: 201 });
      }),
      http.delete('*/api/invoices/:id/lines/:line', ({ request }) => {
        calls.push({ method: 'DELETE', path: new URL(request.url).pathname, body: null });
        return HttpResponse.json({ ...draft, message: 'Regel verwijderd van conceptfactuur.' });
      }),
    );
    renderOperator('/operator/invoices/9');
    const form = await screen.findByRole('form', { name: 'Add a line' });
    const product = within(form).getByRole('combobox', { name: 'Product' });
    await userEvent.type(product, 'D');
    expect(within(form).getByText('type 1 more letter')).toBeInTheDocument();
    await userEvent.type(product, 'S');
    await userEvent.click(await within(form).findByRole('option', { name: 'DS-1 Docking station' }));
    expect(searches).toEqual(['DS']);
    expect(within(form).getByLabelText('Description')).toHaveValue('DS-1 Docking station');
    expect(within(form).getByLabelText('Price')).toHaveValue('149.00');
    await userEvent.clear(within(form).getByLabelText('Quantity'));
    await userEvent.type(within(form).getByLabelText('Quantity'), '2');
    await userEvent.click(within(form).getByRole('button', { name: 'Add line' }));
    expect(await screen.findByText('Line added to draft invoice.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Fixed fee' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Line removed from draft invoice.')).toBeInTheDocument();
    expect(calls).toEqual([
      { method: 'POST', path: '/api/invoices/9/lines', body: { description: 'DS-1 Docking station', quantity: 2, price: 149 } },
      { method: 'DELETE', path: '/api/invoices/9/lines/2', body: null },
    ]);
  });

  it('offers no line changes on an exported invoice', async () => {
    server.use(http.get('*/api/invoices/:id', () => HttpResponse.json({ ...draft, external_id: 'F-2026-009' })));
    renderOperator('/operator/invoices/9');
    await screen.findByRole('button', { name: 'Restore to draft' });
    expect(screen.queryByRole('form', { name: 'Add a line' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove Fixed fee' })).toBeNull();
  });

  it('restores an exported invoice to draft', async () => {
    let restored = false;
    server.use(
      http.get('*/api/invoices/:id', () => HttpResponse.json({ ...draft, external_id: restored ? null : 'F-2026-009', status: 77 })),
      http.put('*/api/invoicing/restore/:id', () => {
        restored = true;
        return HttpResponse.json({ message: 'Restored.' });
      }),
    );
    renderOperator('/operator/invoices/9');
    // An unknown status reads as status 1.
    expect(await screen.findByText('Sent')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Restore to draft' }));
    expect(await screen.findByText('Invoice restored to draft')).toBeInTheDocument();
    expect(await screen.findByText('Draft')).toBeInTheDocument();
  });

  it('downloads the selected invoices as CSV', async () => {
    let ids: unknown = null;
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    server.use(
      http.get('*/api/invoices', () => HttpResponse.json(page([draft, { ...draft, id: 'inv-10', external_id: 'F-2026-010', status: 4 }]))),
      http.post('*/api/invoicing/download-csv', async ({ request }) => {
        ids = await request.json();
        return new HttpResponse('id;code\n10;F-2026-010\n', { headers: { 'Content-Type': 'text/csv' } });
      }),
    );
    renderOperator('/operator/invoices');
    expect(await screen.findByText('Paid')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Select inv-10'));
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(ids).toEqual({ ids: ['inv-10'] }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
  });
});

describe('companies', () => {
  it('strikes archived companies through, lists only live ones by default and merges a selection', async () => {
    const seen: URL[] = [];
    let merged: unknown = null;
    server.use(
      http.get('*/api/companies', ({ request }) => {
        seen.push(new URL(request.url));
        return HttpResponse.json(page([{ ...company, city: 'Utrecht', archived_at: null }, { id: 'c4', name: 'Old BV', city: 'Zwolle', archived_at: '2026-01-01T00:00:00Z' }]));
      }),
      http.post('*/api/companies/merge/preview', () =>
        HttpResponse.json({ survivor: { id: 'c3', name: 'Acme BV' }, merged: [{ id: 'c4', name: 'Old BV', records: {} }] }),
      ),
      http.post('*/api/companies/merge', async ({ request }) => {
        merged = await request.json();
        return HttpResponse.json({ message: 'Merged.' });
      }),
    );
    renderOperator('/operator/companies');
    expect((await screen.findByText('Old BV')).closest('del')).not.toBeNull();
    expect(screen.getByText('Acme BV').closest('del')).toBeNull();
    expect(seen[0].searchParams.getAll('builder[whereNull][]')).toEqual(['archived_at']);
    await userEvent.click(screen.getByLabelText('Select c3'));
    await userEvent.click(screen.getByLabelText('Select c4'));
    await userEvent.click(screen.getByRole('button', { name: 'Merge' }));
    await userEvent.click(await within(screen.getByRole('dialog')).findByRole('button', { name: 'Merge into Acme BV' }));
    expect(await screen.findByText('Companies merged')).toBeInTheDocument();
    expect(merged).toEqual({ ids: ['c3', 'c4'] });
  });

  it('archives a company and restores it', async () => {
    let archived: string | null = null;
    server.use(
      http.get('*/api/companies/:id', () => HttpResponse.json({ ...company, city: 'Utrecht', archived_at: archived })),
      http.post('*/api/companies/:id/archive', () => {
        archived = '2026-11-22T10:00:00Z';
        return HttpResponse.json({ message: 'Archived.' });
      }),
      http.post('*/api/companies/:id/restore', () => {
        archived = null;
        return HttpResponse.json({ message: 'Restored.' });
      }),
    );
    renderOperator('/operator/companies/3', ['companies.show', 'companies.update']);
    await userEvent.click(await screen.findByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('Company archived')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('Acme BV').some((el) => el.closest('del'))).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: 'Restore' }));
    expect(await screen.findByRole('button', { name: 'Archive' })).toBeInTheDocument();
  });
});

describe('open time', () => {
  it('puts the chosen registrations on draft invoices and reloads', async () => {
    let open = [
      { id: 'tr-1', ticket_id: 't-1', ticket_reference: 'T-1000', time_spent_rounded: 90, executed_at: '2026-11-22T09:00:00Z', description: 'Cleared the jam' },
      { id: 'tr-2', ticket_id: 't-2', ticket_reference: 'T-1001', time_spent_rounded: 15, executed_at: '2026-11-22T11:00:00Z', description: 'Phone call' },
    ];
    let body: unknown = null;
    server.use(
      http.get('*/api/time-registrations/open', () => HttpResponse.json(open)),
      http.post('*/api/time-registrations/invoice', async ({ request }) => {
        body = await request.json();
        open = open.filter((r) => r.id !== 'tr-1');
        return HttpResponse.json({ message: 'Regel toegevoegd aan conceptfactuur.', invoice_ids: ['inv-1'] });
      }),
    );
    renderOperator('/operator/time');
    expect(await screen.findByRole('link', { name: 'T-1000' })).toHaveAttribute('href', '/operator/tickets/t-1');
    expect(screen.getByText('01:30')).toBeInTheDocument();
    const put = screen.getByRole('button', { name: 'Put on draft invoice' });
    expect(put).toBeDisabled();
    await userEvent.click(screen.getByLabelText('Select T-1000 Cleared the jam'));
    await userEvent.click(put);
    expect(await screen.findByText('Line added to draft invoice.')).toBeInTheDocument();
    expect(body).toEqual({ ids: ['tr-1'] });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'T-1000' })).toBeNull());
    expect(screen.getByRole('link', { name: 'T-1001' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Open draft invoice/ })).toHaveAttribute('href', '/operator/invoices/inv-1');
  });
});

describe('settings and other routes', () => {
  it('opens a setting list by its route', async () => {
    server.use(http.get('*/api/categories', () => HttpResponse.json(page([{ id: 1, label: 'Hardware', order: 1, is_default: true }]))));
    renderOperator('/operator/settings/categories');
    expect(await screen.findByRole('heading', { name: 'Categories' })).toBeInTheDocument();
    expect(screen.getByText('Hardware')).toBeInTheDocument();
  });

});
