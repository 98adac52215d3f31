import '@/testing/english';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { server } from '@/testing/mocks/server';
import { page, renderOperator } from '@/testing/render-operator';

const all = (route: string) => [`${route}.index`, `${route}.show`, `${route}.store`, `${route}.update`, `${route}.destroy`];
const lookups = {
  asset_statuses: [
    { id: 3, label: 'In stock', type: 3 },
    { id: 4, label: 'Active', type: 4 },
  ],
  asset_categories: [
    { id: 1, label: 'Laptop' },
    { id: 2, label: 'Server' },
  ],
};

const asset = {
  id: 'a1',
  name: 'Laptop 1',
  description: 'Managed device',
  serial_number: 'SN-767179',
  tracking_number: 'TR-0001',
  warranty_until: '2026-08-17',
  client: { id: 'u1', full_name: 'Carla Smit' },
  company: { id: 'c1', name: 'Fabrikam Logistics' },
  location: null,
  categories: [{ id: 1, label: 'Laptop' }],
  status_id: 4,
  updated_at: '2026-11-25T11:17:27Z',
  created_at: '2026-11-25T11:17:27Z',
  version: 12,
  messages: [],
};

const client = {
  id: 'u1',
  full_name: 'Anna de Vries',
  first_name: 'Anna',
  last_name: 'de Vries',
  email: 'client@demo.test',
  is_operator: 0,
  role: 'client',
  language: 'nl',
  active: true,
  gravatar: 'https://www.gravatar.com/avatar/c13b7ec0bca92fd75b373a0046e5fb12?d=mp',
  companies: [{ id: 'c1', name: 'Northwind Trading' }],
  version: 1,
};

/** No raw API key, version number or avatar address shows as text. */
function expectNoRawKeys() {
  const text = document.body.textContent ?? '';
  for (const raw of ['serial_number', 'status_id', 'warranty_until', 'company_id', 'version', 'gravatar', 'https://', 'is_operator', 'full_name']) {
    expect(text).not.toContain(raw);
  }
}

describe('asset pages', () => {
  it('shows an asset with labelled, formatted values and names instead of ids', async () => {
    server.use(http.get('*/api/assets/:id', () => HttpResponse.json(asset)));
    renderOperator('/operator/assets/a1', all('assets'), {}, lookups);
    expect(await screen.findByRole('heading', { name: 'Laptop 1 Asset' })).toBeInTheDocument();
    const facts = screen.getByRole('region', { name: 'Details' });
    const value = (label: string) => within(facts).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(value('Status')).toHaveTextContent('Active');
    expect(value('Company')).toHaveTextContent('Fabrikam Logistics');
    expect(within(value('Company') as HTMLElement).getByRole('link')).toHaveAttribute('href', '/operator/companies/c1');
    expect(value('Client')).toHaveTextContent('Carla Smit');
    expect(value('Serial number')).toHaveTextContent('SN-767179');
    expect(value('Warranty until')).toHaveTextContent('17-08-2026');
    expect(value('Categories')).toHaveTextContent('Laptop');
    expectNoRawKeys();
  });

  it('saves a change from the edit form, with the ticked categories and the chosen status', async () => {
    let sent: Record<string, unknown> | null = null;
    let current = asset;
    server.use(
      http.get('*/api/assets/:id', () => HttpResponse.json(current)),
      http.put('*/api/assets/:id', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        current = { ...current, name: String(sent.name), status_id: Number(sent.status_id) };
        return HttpResponse.json(current);
      }),
    );
    renderOperator('/operator/assets/a1', all('assets'), {}, lookups);
    const form = await screen.findByRole('form', { name: 'Edit' });
    expect(within(form).getByLabelText(/^Name/)).toHaveValue('Laptop 1');
    expect(within(form).getByLabelText('Laptop')).toBeChecked();
    await userEvent.clear(within(form).getByLabelText(/^Name/));
    await userEvent.type(within(form).getByLabelText(/^Name/), 'Laptop 1 (sales)');
    await userEvent.selectOptions(within(form).getByLabelText(/^Status/), 'In stock');
    await userEvent.click(within(form).getByLabelText('Server'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Item updated.')).toBeInTheDocument();
    expect(sent).toMatchObject({
      name: 'Laptop 1 (sales)',
      serial_number: 'SN-767179',
      warranty_until: '2026-08-17',
      status_id: 3,
      category_ids: [1, 2],
      company_id: 'c1',
      client_id: 'u1',
      location_id: null,
    });
    expect(await screen.findByRole('heading', { name: 'Laptop 1 (sales) Asset' })).toBeInTheDocument();
  });

  it('offers no delete, which the API does not have for assets', async () => {
    server.use(http.get('*/api/assets/:id', () => HttpResponse.json(asset)));
    renderOperator('/operator/assets/a1', all('assets'), {}, lookups);
    await screen.findByRole('form', { name: 'Edit' });
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('shows the server\'s 422 under the field it names, by the field\'s label', async () => {
    server.use(
      http.get('*/api/assets/:id', () => HttpResponse.json(asset)),
      http.put('*/api/assets/:id', () =>
        HttpResponse.json(
          { message: 'The given data was invalid.', errors: { serial_number: ['String should have at most 200 characters'] } },
          { status: 422 },
        ),
      ),
    );
    renderOperator('/operator/assets/a1', all('assets'), {}, lookups);
    const form = await screen.findByRole('form', { name: 'Edit' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    const serial = within(form).getByLabelText(/^Serial number/);
    await waitFor(() => expect(serial).toHaveAttribute('aria-invalid', 'true'));
    const error = document.getElementById(serial.getAttribute('aria-describedby') ?? '');
    expect(error).toHaveTextContent('Serial number may be at most 200 characters');
    expect(serial.closest('.record-field')).toContainElement(error);
  });

  it('lists assets with names and labels in its columns', async () => {
    server.use(http.get('*/api/assets', () => HttpResponse.json(page([asset]))));
    renderOperator('/operator/assets', all('assets'), {}, lookups);
    expect(await screen.findByRole('link', { name: 'Laptop 1' })).toHaveAttribute('href', '/operator/assets/a1');
    const row = screen.getByRole('link', { name: 'Laptop 1' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('Fabrikam Logistics')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByText('17-08-2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New asset' })).toHaveAttribute('href', '/operator/assets/create');
    expectNoRawKeys();
  });
});

describe('list filters', () => {
  it('narrows the asset list to a company picked in its filter', async () => {
    const urls: string[] = [];
    server.use(
      http.get('*/api/assets', ({ request }) => {
        urls.push(decodeURIComponent(new URL(request.url).search));
        return HttpResponse.json(page([asset]));
      }),
      http.get('*/api/lookups/companies', () => HttpResponse.json([{ id: 'c1', name: 'Fabrikam Logistics' }])),
    );
    renderOperator('/operator/assets', all('assets'), {}, lookups);
    await screen.findByRole('link', { name: 'Laptop 1' });
    expect(urls.at(-1)).not.toContain('company_id');
    await userEvent.type(screen.getByRole('combobox', { name: 'Company' }), 'Fa');
    await userEvent.click(await screen.findByRole('option', { name: 'Fabrikam Logistics' }));
    await waitFor(() => expect(urls.at(-1)).toMatch(/company_id.*c1/));
  });
});

describe('client and operator pages', () => {
  it('shows a client without the avatar address or version, and edits the name and companies', async () => {
    let sent: Record<string, unknown> | null = null;
    server.use(
      http.get('*/api/clients/:id', () => HttpResponse.json(client)),
      http.put('*/api/clients/:id', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...client, first_name: sent.first_name, full_name: `${String(sent.first_name)} de Vries` });
      }),
    );
    renderOperator('/operator/clients/u1', all('clients'));
    expect(await screen.findByRole('heading', { name: 'Anna de Vries Client' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'client@demo.test' })).toHaveAttribute('href', 'mailto:client@demo.test');
    expect(screen.getByRole('link', { name: 'Northwind Trading' })).toHaveAttribute('href', '/operator/companies/c1');
    expectNoRawKeys();

    const form = screen.getByRole('form', { name: 'Edit' });
    // The e-mail address is the sign-in name: the API does not change it.
    expect(within(form).queryByLabelText(/Email/)).toBeNull();
    await userEvent.clear(within(form).getByLabelText(/First name/));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText('First name is required')).toBeInTheDocument();
    expect(sent).toBeNull();
    await userEvent.type(within(form).getByLabelText(/First name/), 'Annie');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toEqual({ first_name: 'Annie', last_name: 'de Vries', company_ids: ['c1'], language: 'nl' }));
  });

  it('deactivates an operator only after confirming', async () => {
    const deleted: string[] = [];
    server.use(
      http.get('*/api/operators/:id', () => HttpResponse.json({ ...client, id: 'o2', full_name: 'Sander Visser', is_operator: 2, companies: [] })),
      http.delete('*/api/operators/:id', ({ params }) => {
        deleted.push(String(params.id));
        return HttpResponse.json({ message: 'Item verwijderd.' });
      }),
      http.get('*/api/operators', () => HttpResponse.json(page([]))),
    );
    renderOperator('/operator/operators/o2', all('operators'));
    expect(await screen.findByRole('heading', { name: 'Sander Visser Operator' })).toBeInTheDocument();
    expect(screen.getByText('Second line')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Do you really want to deactivate Sander Visser?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(deleted).toEqual(['o2']));
  });
});

describe('subscription, SLA and prepaid card pages', () => {
  it('shows a subscription\'s money in euro and its period in words, and sets a termination date', async () => {
    let sent: Record<string, unknown> | null = null;
    const subscription = {
      id: 's1',
      description: 'Backup storage',
      company: { id: 'c1', name: 'Fabrikam Logistics' },
      client: null,
      total: 240,
      mrr: 20,
      period: 'year',
      period_label: 'Year',
      periods: 12,
      billing_start_date: '2026-01-01',
      start_period: '2026-01-01',
      end_period: '2026-12-31',
      termination_date: null,
      next_billing_date: '2027-01-01',
      direct_debit: false,
      lines: [{ description: 'Backup 1 TB', quantity: 12, price: 20, total: 240 }],
    };
    server.use(
      http.get('*/api/subscriptions/:id', () => HttpResponse.json(subscription)),
      http.put('*/api/subscriptions/:id', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...subscription, termination_date: sent.termination_date });
      }),
    );
    renderOperator('/operator/subscriptions/s1', all('subscriptions'));
    const facts = await screen.findByRole('region', { name: 'Details' });
    const value = (label: string) => within(facts).getByText(label, { selector: 'dt' }).nextElementSibling;
    // SPEC §1: euro in Dutch formatting, in English too.
    expect(value('Total')).toHaveTextContent('€ 240,00');
    expect(value('Monthly')).toHaveTextContent('€ 20,00');
    expect(value('Period')).toHaveTextContent('Year');
    expect(value('Next invoice')).toHaveTextContent('01-01-2027');
    expect(value('Direct debit')).toHaveTextContent('No');
    const form = screen.getByRole('form', { name: 'Edit' });
    // Typed the way the interface language writes a date (English: day/month/year).
    await userEvent.type(within(form).getByLabelText(/Termination date/), '30/06/2027');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    // The lines shown are sent back as they are, with the termination date.
    await waitFor(() => expect(sent).toEqual({ lines: [{ description: 'Backup 1 TB', quantity: 12, price: 20 }], termination_date: '2027-06-30' }));
  });

  it('starts a subscription with its lines, each line checked before anything is sent', async () => {
    let body: Record<string, unknown> | null = null;
    server.use(
      http.get('*/api/lookups/companies', () => HttpResponse.json([{ id: 'c1', name: 'Fabrikam Logistics' }])),
      http.post('*/api/subscriptions', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ id: 's9', description: 'Backup storage', lines: [] }, { status: 201 });
      }),
      http.get('*/api/subscriptions/:id', () => HttpResponse.json({ id: 's9', description: 'Backup storage', lines: [] })),
    );
    const { router } = renderOperator('/operator/subscriptions/create', all('subscriptions'));
    const form = await screen.findByRole('form', { name: 'New subscription' });
    await userEvent.type(within(form).getByLabelText(/^Description/), 'Backup storage');
    await userEvent.type(within(form).getByRole('combobox', { name: /Company/ }), 'Fa');
    await userEvent.click(await within(form).findByRole('option', { name: 'Fabrikam Logistics' }));
    await userEvent.selectOptions(within(form).getByLabelText(/^Period/), 'Year');
    await userEvent.type(within(form).getByLabelText(/^Billing start date/), '01/01/2027');
    await userEvent.click(within(form).getByRole('button', { name: 'Add a line' }));
    const line = within(form).getByRole('group', { name: 'Line 1' });
    await userEvent.type(within(line).getByLabelText('Description'), 'Backup 1 TB');
    await userEvent.clear(within(line).getByLabelText('Quantity'));
    await userEvent.type(within(line).getByLabelText('Quantity'), '12');
    await userEvent.type(within(line).getByLabelText('Price'), 'twenty');
    await userEvent.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(line).findByText('Price must be a number')).toBeInTheDocument();
    expect(body).toBeNull();
    await userEvent.clear(within(line).getByLabelText('Price'));
    await userEvent.type(within(line).getByLabelText('Price'), '19,5');
    await userEvent.click(within(form).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/operator/subscriptions/s9'));
    expect(body).toEqual({
      description: 'Backup storage',
      company_id: 'c1',
      client_id: null,
      period: 'year',
      billing_start_date: '2027-01-01',
      direct_debit: false,
      lines: [{ description: 'Backup 1 TB', quantity: 12, price: 19.5 }],
    });
  });

  it('creates a prepaid card with its hours and price as numbers', async () => {
    let body: unknown = null;
    const card = { id: 4, label: '40 hours', name: '40 hours', description: '', hours: 40, price: '3400.00', order: 4, is_default: false };
    server.use(
      http.post('*/api/prepaid-cards', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(card, { status: 201 });
      }),
      http.get('*/api/prepaid-cards/:id', () => HttpResponse.json(card)),
    );
    const { router } = renderOperator('/operator/prepaid-cards/create', all('settings'));
    const form = await screen.findByRole('form', { name: 'New prepaid card' });
    await userEvent.type(within(form).getByLabelText(/^Name/), '40 hours');
    await userEvent.type(within(form).getByLabelText(/^Hours/), '40');
    await userEvent.type(within(form).getByLabelText(/^Price/), '3400,00');
    // SPEC §5: a typed comma becomes a dot.
    expect(within(form).getByLabelText(/^Price/)).toHaveValue('3400.00');
    await userEvent.click(within(form).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/operator/prepaid-cards/4'));
    expect(body).toEqual({ label: '40 hours', description: '', hours: 40, price: 3400, is_default: false });
    const facts = await screen.findByRole('region', { name: 'Details' });
    expect(within(facts).getByText('€ 3.400,00')).toBeInTheDocument();
    expect(within(facts).getByText('40 hours', { selector: 'dd' })).toBeInTheDocument();
  });

  it('edits a prepaid card in Dutch: its price shows with a dot and a typed comma becomes a dot', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'nl');
    let card = { id: 4, label: '40 uur', name: '40 uur', description: '', hours: 40, price: '3400.50', order: 4, is_default: false };
    const puts: unknown[] = [];
    server.use(
      http.get('*/api/prepaid-cards/:id', () => HttpResponse.json(card)),
      http.put('*/api/prepaid-cards/:id', async ({ request }) => {
        const body = (await request.json()) as { price: number; hours: number };
        puts.push(body);
        card = { ...card, price: String(body.price), hours: body.hours };
        return HttpResponse.json(card);
      }),
    );
    renderOperator('/operator/prepaid-cards/4', all('settings'));
    const form = await screen.findByRole('form', { name: 'Bewerken' });
    const price = within(form).getByLabelText(/^Prijs/);
    expect(price).toHaveValue('3400.50');
    await userEvent.clear(price);
    await userEvent.type(price, '3500,75');
    // SPEC §5: a typed comma becomes a dot, in Dutch as in every language
    expect(price).toHaveValue('3500.75');
    await userEvent.clear(within(form).getByLabelText(/^Uren/));
    await userEvent.type(within(form).getByLabelText(/^Uren/), '42,5');
    expect(within(form).getByLabelText(/^Uren/)).toHaveValue('42.5');
    await userEvent.click(within(form).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ hours: 42.5, price: 3500.75 });
  });

  it('shows an SLA in Dutch, every label and value translated', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'nl');
    server.use(http.get('*/api/slas/:id', () => HttpResponse.json({ id: 1, label: 'Standard', name: 'Standard', response_hours: 8, order: 1, is_default: true })));
    renderOperator('/operator/slas/1', all('settings'));
    expect(await screen.findByRole('heading', { name: 'Standard SLA' })).toBeInTheDocument();
    const facts = screen.getByRole('region', { name: 'Gegevens' });
    expect(screen.getByRole('form', { name: 'SLA-klok' })).toBeInTheDocument();
    expect(within(facts).getByText('Standaard')).toBeInTheDocument();
    expect(within(facts).getByText('Ja')).toBeInTheDocument();
    const edit = screen.getByRole('form', { name: 'Bewerken' });
    expect(within(edit).getByRole('button', { name: 'Opslaan' })).toBeInTheDocument();
    expect(within(screen.getByRole('form', { name: 'SLA-klok' })).getByRole('button', { name: 'Opslaan' })).toBeInTheDocument();
  });
});

describe('quote page', () => {
  const quote = {
    id: 'q1',
    name: 'Network upgrade',
    label: 'Q-2026-001',
    status_id: 1,
    total: 1250.5,
    company: { id: 'c1', name: 'Acme BV' },
    client: { id: 'u1', full_name: 'Carla Client' },
    lines: [],
    updated_at: '2026-11-20T10:00:00Z',
    version: 4,
  };

  it('renames a concept quote and shows its company, client and total labelled', async () => {
    let sent: unknown = null;
    let current = quote;
    server.use(
      http.get('*/api/quotes/:id', () => HttpResponse.json(current)),
      http.put('*/api/quotes/:id', async ({ request }) => {
        sent = await request.json();
        current = { ...current, name: (sent as { name: string }).name };
        return HttpResponse.json(current);
      }),
    );
    renderOperator('/operator/quotes/q1', all('quotes'));
    const facts = await screen.findByRole('region', { name: 'Details' });
    const value = (label: string) => within(facts).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(value('Company')).toHaveTextContent('Acme BV');
    expect(value('Client')).toHaveTextContent('Carla Client');
    expect(value('Total')).toHaveTextContent('€ 1.250,50');
    const form = screen.getByRole('form', { name: 'Edit' });
    await userEvent.clear(within(form).getByLabelText(/^Name/));
    await userEvent.type(within(form).getByLabelText(/^Name/), 'Network upgrade 2027');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toEqual({ name: 'Network upgrade 2027' }));
    expect(await within(facts).findByText('Network upgrade 2027')).toBeInTheDocument();
  });

  it('offers no edit form once the quote is sent', async () => {
    server.use(http.get('*/api/quotes/:id', () => HttpResponse.json({ ...quote, status_id: 2 })));
    renderOperator('/operator/quotes/q1', all('quotes'));
    await screen.findByRole('region', { name: 'Details' });
    expect(screen.queryByRole('form', { name: 'Edit' })).toBeNull();
  });
});

describe('ticket edit form', () => {
  it('changes a ticket\'s description and assignee on the loaded version', async () => {
    let sent: Record<string, unknown> | null = null;
    const ticket = {
      id: 't1',
      reference: 'T-1000',
      description: 'Printer jams',
      status_id: 1,
      status: { id: 1, name: 'Open', style: 'info' },
      priority: null,
      priority_id: null,
      category_id: null,
      ticket_type_id: null,
      operator_id: null,
      company: { id: 'c1', name: 'Acme BV' },
      company_id: 'c1',
      client: null,
      client_id: null,
      messages: [],
      custom_values: [],
      time_registrations: [],
      version: 4,
    };
    server.use(
      http.get('*/api/tickets/:id/edit', () => HttpResponse.json(ticket)),
      http.put('*/api/tickets/:id', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...ticket, description: sent.description, operator_id: sent.operator_id, version: 5 });
      }),
    );
    renderOperator('/operator/tickets/t1', ['tickets.show', 'tickets.update']);
    const form = await screen.findByRole('form', { name: 'Edit' });
    await userEvent.clear(within(form).getByLabelText(/^Description/));
    await userEvent.type(within(form).getByLabelText(/^Description/), 'Printer on floor 2 jams');
    await userEvent.selectOptions(within(form).getByLabelText('Assignee'), 'Otto Second');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).not.toBeNull());
    expect(sent).toEqual({
      description: 'Printer on floor 2 jams',
      company_id: 'c1',
      client_id: null,
      priority_id: null,
      category_id: null,
      ticket_type_id: null,
      operator_id: '22',
      version: 4,
    });
  });
});

describe('contract pages', () => {
  it('concludes a prepaid-card contract: no period, hours and a start date, then shows it', async () => {
    let body: Record<string, unknown> | null = null;
    const created = {
      id: 'k9',
      name: 'Prepaid support',
      period: null,
      quantity: 10,
      minutes_remaining: 600,
      start_date: '2027-01-01',
      end_date: null,
      company: { id: 'c1', name: 'Acme BV' },
      client: null,
      service: { id: 1, label: 'Workplace' },
      contractPeriods: [{ id: 'p1', period_start: '2027-01-01', period_end: null, registered_time: 0, minutes_remaining: 600, time_registrations: [] }],
    };
    server.use(
      http.get('*/api/lookups/companies', () => HttpResponse.json([{ id: 'c1', name: 'Acme BV' }])),
      http.post('*/api/contracts', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(created, { status: 201 });
      }),
      http.get('*/api/contracts/:id', () => HttpResponse.json(created)),
    );
    const { router } = renderOperator('/operator/contracts/create', all('contracts'), {}, { services: [{ id: 1, label: 'Workplace' }] });
    const form = await screen.findByRole('form', { name: 'New contract' });
    await userEvent.type(within(form).getByLabelText(/^Name/), 'Prepaid support');
    await userEvent.type(within(form).getByRole('combobox', { name: /Company/ }), 'Ac');
    await userEvent.click(await within(form).findByRole('option', { name: 'Acme BV' }));
    await userEvent.selectOptions(within(form).getByLabelText(/^Service/), 'Workplace');
    expect(within(form).getByLabelText(/^Period/)).toHaveDisplayValue('Prepaid card');
    await userEvent.type(within(form).getByLabelText(/^Hours per period/), '10');
    await userEvent.type(within(form).getByLabelText(/^Start date/), '01/01/2027');
    await userEvent.click(within(form).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/operator/contracts/k9'));
    expect(body).toEqual({ name: 'Prepaid support', company_id: 'c1', client_id: null, service_id: 1, period: null, quantity: 10, start_date: '2027-01-01', end_date: null });
    const facts = await screen.findByRole('region', { name: 'Details' });
    const value = (label: string) => within(facts).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(value('Period')).toHaveTextContent('Prepaid card');
    expect(value('Remaining')).toHaveTextContent('10:00');
    expect(screen.getByRole('region', { name: 'Since 01-01-2027' })).toBeInTheDocument();
  });
});

describe('company create', () => {
  it('offers "New company" on the list and creates one from its form', async () => {
    let body: unknown = null;
    const company = { id: 'c7', name: 'Tailspin Toys', address_1: null, city: 'Utrecht', country: null, email: null, phone: null, archived_at: null, version: 1 };
    server.use(
      http.get('*/api/companies', () => HttpResponse.json(page([]))),
      http.post('*/api/companies', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(company, { status: 201 });
      }),
      http.get('*/api/companies/:id', () => HttpResponse.json(company)),
    );
    const { router } = renderOperator('/operator/companies', all('companies'));
    await userEvent.click(await screen.findByRole('link', { name: 'New company' }));
    const form = await screen.findByRole('form', { name: 'New company' });
    await userEvent.type(within(form).getByLabelText(/^Name/), 'Tailspin Toys');
    await userEvent.type(within(form).getByLabelText(/^City/), 'Utrecht');
    await userEvent.click(within(form).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/operator/companies/c7'));
    expect(body).toEqual({
      name: 'Tailspin Toys', address_1: '', postal_code: '', city: 'Utrecht', country: '', email: null, phone: '',
      vat_number: '', kvk_number: '', electronic_address_scheme: null, electronic_address_id: '',
    });
    expect(await screen.findByRole('heading', { name: 'Tailspin Toys Company' })).toBeInTheDocument();
  });
});
