import '@/testing/english';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderOperator } from '@/testing/render-operator';
import { changeOf, fieldOf, formValues } from '../components/operator/billing-profile-page';

const PERMISSIONS = ['invoices.index', 'invoices.show', 'invoices.update', 'settings.index', 'settings.update'];

const PARTY = {
  name: 'Demo IT Services B.V.',
  street: 'Keizersgracht 1',
  postal_code: '1015 CJ',
  city: 'Amsterdam',
  country_code: 'NL',
  vat_number: 'NL123456789B01',
  kvk_number: '12345678',
  electronic_address: { scheme: '0106', id: '12345678' },
  email: 'billing@demo.test',
  iban: 'NL91ABNA0417164300',
};

const SNAPSHOT = {
  invoice_id: 'b1',
  number: 'F000030',
  kind: 'invoice',
  credited_invoice: null,
  credited_by: null,
  status: 'outstanding',
  currency: 'EUR',
  issue_date: '2026-11-26',
  due_date: '2026-12-26',
  payment_terms: { days: 30, note: '30 days net' },
  reference: null,
  seller: PARTY,
  buyer: { ...PARTY, name: 'Contoso Legal', company_id: 'c1' },
  lines: [],
  vat_breakdown: [
    { category: 'AE', rate: '0.00', taxable: '100.00', vat: '0.00', exemption_reason: 'Reverse charge' },
    { category: 'S', rate: '21.00', taxable: '112.50', vat: '23.63', exemption_reason: null },
  ],
  totals: { net: '212.50', vat: '23.63', gross: '236.13', paid: '0.00', amount_due: '236.13' },
};

const INVOICE = {
  id: 'b1',
  code: 'F000030',
  reference_number: 'Support',
  company: { id: 'c1', name: 'Contoso Legal' },
  date: '2026-11-20',
  external_id: 'EXT-b1',
  is_draft: false,
  status: 2,
  amount_excl: 212.5,
  amount_incl: 236.13,
  total: 236.13,
  lines: [],
  credits: null,
  version: 3,
};

describe('bookable invoices', () => {
  it('shows the booking of a finalised invoice: dates, VAT breakdown and amount due', async () => {
    server.use(
      http.get('*/api/invoices/b1/snapshot', () => HttpResponse.json(SNAPSHOT)),
      http.get('*/api/invoices/:id', () => HttpResponse.json(INVOICE)),
    );
    renderOperator('/operator/invoices/b1', PERMISSIONS);
    const booking = await screen.findByRole('region', { name: 'Booking' });
    expect(booking).toHaveTextContent('26-12-2026');
    const table = within(booking).getByRole('table', { name: 'VAT breakdown' });
    expect(table).toHaveTextContent('VAT reverse charge');
    expect(table).toHaveTextContent('Reverse charge');
    expect(table).toHaveTextContent('€ 23,63');
    expect(booking).toHaveTextContent('€ 236,13');
  });

  it('marks an invoice paid and credits it after asking', async () => {
    const marked: unknown[] = [];
    let credited = 0;
    server.use(
      http.get('*/api/invoices/b1/snapshot', () => HttpResponse.json(SNAPSHOT)),
      http.get('*/api/invoices/c9/snapshot', () => HttpResponse.json({ ...SNAPSHOT, invoice_id: 'c9', kind: 'credit_note' })),
      http.post('*/api/invoices/b1/status', async ({ request }) => {
        marked.push(await request.json());
        return HttpResponse.json({ ...INVOICE, status: 4 });
      }),
      http.post('*/api/invoices/b1/credit', () => {
        credited += 1;
        return HttpResponse.json({ ...INVOICE, id: 'c9', code: 'F000031', status: 8, credits: 'b1' }, { status: 201 });
      }),
      http.get('*/api/invoices/:id', ({ params }) =>
        HttpResponse.json(params.id === 'c9' ? { ...INVOICE, id: 'c9', code: 'F000031', status: 8, credits: 'b1' } : INVOICE),
      ),
    );
    const { router } = renderOperator('/operator/invoices/b1', PERMISSIONS);
    const marks = await screen.findByRole('group', { name: 'Payment status' });
    // an outstanding invoice is not offered "outstanding" again
    expect(within(marks).queryByRole('button', { name: 'Mark outstanding' })).not.toBeInTheDocument();
    await userEvent.click(within(marks).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(marked).toEqual([{ status: 'paid' }]));
    await userEvent.click(within(marks).getByRole('button', { name: 'Credit invoice' }));
    expect(credited).toBe(0);
    await userEvent.click(await screen.findByRole('button', { name: /yes|ok|confirm/i }));
    await waitFor(() => expect(credited).toBe(1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/operator/invoices/c9'));
    // a credit invoice is neither marked, credited nor taken back to draft
    await screen.findByRole('heading', { name: /F000031/ });
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Payment status' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Restore to draft' })).not.toBeInTheDocument();
  });

  it('turns the billing profile form into the API body and back', () => {
    const values = formValues({ ...PARTY, currency: 'EUR', payment_terms_days: 14 } as never);
    expect(values.scheme).toBe('0106');
    expect(values.payment_terms_days).toBe('14');
    const body = changeOf({ ...values, country_code: 'nl', street: '  ', scheme: '' });
    expect(body.country_code).toBe('NL');
    expect(body.street).toBeNull();
    expect(body.electronic_address).toBeNull();
    expect(body.payment_terms_days).toBe(14);
    expect(fieldOf('body.electronic_address.scheme')).toBe('scheme');
    expect(fieldOf('electronic_address.id')).toBe('address_id');
    expect(fieldOf('iban')).toBe('iban');
    expect(fieldOf('other')).toBeNull();
  });

  it('edits the billing profile and shows a refusal under its field', async () => {
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.get('*/api/billing-profile', () => HttpResponse.json({ ...PARTY, currency: 'EUR', payment_terms_days: 30 })),
      http.put('*/api/billing-profile', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        if (body.iban === 'NL00BAD') return HttpResponse.json({ message: 'The IBAN is not valid.', errors: { iban: ['The IBAN is not valid.'] } }, { status: 422 });
        return HttpResponse.json({ ...PARTY, ...body });
      }),
    );
    renderOperator('/operator/settings/billing-profile', PERMISSIONS);
    const iban = await screen.findByLabelText('IBAN');
    await waitFor(() => expect(iban).toHaveValue('NL91ABNA0417164300'));
    await userEvent.clear(iban);
    await userEvent.type(iban, 'NL00BAD');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The IBAN is not valid.')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ name: 'Demo IT Services B.V.', country_code: 'NL', iban: 'NL00BAD', payment_terms_days: 30 });
    const terms = screen.getByLabelText('Payment terms (days)');
    await userEvent.clear(terms);
    await userEvent.type(terms, 'soon');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/number of days from 0 to 365/)).toBeInTheDocument();
    expect(sent).toHaveLength(1);
  });
});
