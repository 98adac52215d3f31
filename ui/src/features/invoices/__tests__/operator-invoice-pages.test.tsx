import '@/testing/english';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { page, renderOperator } from '@/testing/render-operator';

const PERMISSIONS = ['invoices.index', 'invoices.show', 'invoices.update'];

describe('operator invoices', () => {
  it('lists invoices by number, status, company, date and total, whichever shape the rows have', async () => {
    server.use(
      http.get('*/api/invoices', () =>
        HttpResponse.json(
          page([
            // the shape the list answered before: the portal's invoice rows
            { id: '7a842bc2-d223-4748-91e6-ef6176b4105f', InvoiceCode: 'F000024', ReferenceNumber: 'F000023', AmountIncl: -229.9, Date: '2026-11-25', Status: 8 },
            // the operator's rows
            { id: 'b1', code: 'F000030', is_draft: false, external_id: 'EXT-b1', status: 4, company: { id: 'c1', name: 'Contoso Legal' }, date: '2026-11-20', total: 1210 },
            { id: 'b2', code: null, is_draft: true, external_id: null, status: 1, company: { id: 'c1', name: 'Contoso Legal' }, date: null, total: 95 },
          ]),
        ),
      ),
    );
    renderOperator('/operator/invoices', PERMISSIONS);
    const credit = (await screen.findByRole('link', { name: 'F000024' })).closest('tr') as HTMLElement;
    expect(within(credit).getByText('Credit invoice')).toHaveAttribute('data-tone', 'credit');
    expect(credit).toHaveTextContent('25-11-2026');
    expect(credit).toHaveTextContent('€ -229,90');
    const paid = screen.getByRole('link', { name: 'F000030' }).closest('tr') as HTMLElement;
    expect(within(paid).getByText('Paid')).toHaveAttribute('data-tone', 'success');
    expect(paid).toHaveTextContent('Contoso Legal');
    // SPEC §1: euro in Dutch formatting, in English too.
    expect(paid).toHaveTextContent('€ 1.210,00');
    const draft = screen.getByRole('link', { name: 'Draft invoice' }).closest('tr') as HTMLElement;
    expect(within(draft).getByText('Draft')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/#[0-9a-f]{8}-/);
  });

  it('shows an invoice\'s number, company, date and amounts labelled', async () => {
    server.use(
      // the booking card asks for the snapshot; without one it shows nothing
      http.get('*/api/invoices/:id/snapshot', () => HttpResponse.json({ message: 'Not found.' }, { status: 404 })),
      http.get('*/api/invoices/:id', () =>
        HttpResponse.json({
          id: 'b1',
          code: 'F000030',
          reference_number: 'Support',
          company: { id: 'c1', name: 'Contoso Legal' },
          date: '2026-11-20',
          external_id: 'EXT-b1',
          is_draft: false,
          status: 2,
          amount_excl: 1000,
          amount_incl: 1210,
          total: 1210,
          lines: [{ id: '1', description: 'Support hours', quantity: 10, price: 100, total: 1000, source: null }],
          version: 3,
        }),
      ),
    );
    renderOperator('/operator/invoices/b1', PERMISSIONS);
    expect(await screen.findByRole('heading', { name: 'F000030 Invoice' })).toBeInTheDocument();
    const facts = screen.getByRole('region', { name: 'Details' });
    expect(within(facts).getByText('Outstanding')).toHaveAttribute('data-tone', 'warning');
    const value = (label: string) => within(facts).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(value('Company')).toHaveTextContent('Contoso Legal');
    expect(value('Date')).toHaveTextContent('20-11-2026');
    expect(value('Total excl. VAT')).toHaveTextContent('€ 1.000,00');
    expect(value('Total incl. VAT')).toHaveTextContent('€ 1.210,00');
    expect(document.body.textContent).not.toContain('version');
    expect(screen.getByRole('button', { name: 'Restore to draft' })).toBeInTheDocument();
  });
});
