import '@/testing/english';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderOperator } from '@/testing/render-operator';

const PERMISSIONS = ['invoices.index', 'invoices.show', 'invoices.update'];

function invoice(finalised: boolean) {
  return {
    id: 'b1',
    code: finalised ? 'F000030' : null,
    reference_number: 'Support',
    company: { id: 'c1', name: 'Contoso Legal' },
    date: '2026-11-20',
    external_id: finalised ? 'EXT-b1' : null,
    is_draft: !finalised,
    status: finalised ? 1 : null,
    amount_excl: 100,
    amount_incl: 121,
    total: 121,
    lines: [{ id: '1', description: 'Support hours', quantity: 1, price: 100, total: 100, source: null }],
    version: 2,
  };
}

describe('the e-invoice on the operator invoice page', () => {
  it('downloads a finalised invoice as UBL named after its number', async () => {
    let asked = false;
    server.use(
      http.get('*/api/invoices/:id/snapshot', () => HttpResponse.json({ message: 'Not found.' }, { status: 404 })),
      http.get('*/api/invoices/b1/ubl', () => {
        asked = true;
        return new HttpResponse('<Invoice/>', { headers: { 'Content-Type': 'application/xml' } });
      }),
      http.get('*/api/invoices/:id', () => HttpResponse.json(invoice(true))),
    );
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderOperator('/operator/invoices/b1', PERMISSIONS);
    await userEvent.click(await screen.findByRole('button', { name: /E-invoice \(UBL\)/ }));
    await waitFor(() => expect(names).toEqual(['F000030.xml']));
    expect(asked).toBe(true);
  });

  it('is not offered on a draft', async () => {
    server.use(
      http.get('*/api/invoices/:id/snapshot', () => HttpResponse.json({ message: 'Not found.' }, { status: 404 })),
      http.get('*/api/invoices/:id', () => HttpResponse.json(invoice(false))),
    );
    renderOperator('/operator/invoices/b1', PERMISSIONS);
    expect(await screen.findByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /UBL/ })).not.toBeInTheDocument();
  });
});
