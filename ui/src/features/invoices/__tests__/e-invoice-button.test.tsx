import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, setViewport, signedIn } from '@/testing/test-utils';
import { LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { InvoicesList } from '../components/invoices-list';
import { EInvoiceButton } from '../components/e-invoice-button';

beforeEach(() => {
  setViewport(false);
  localStorage.removeItem(LANGUAGE_STORAGE_KEY);
});

function catchDownload() {
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
  const names: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return names;
}

describe('e-invoice (UBL) download', () => {
  it('offers the e-invoice beside the PDF on the portal list and saves it as XML with the session token', async () => {
    let auth: string | null = null;
    server.use(
      http.get('*/api/invoices', () =>
        HttpResponse.json({
          data: [{ id: 'inv-1', InvoiceCode: 'F000042', ReferenceNumber: 'R', AmountIncl: 100, Date: '2026-11-01', Status: 1, ViewURL: '/api/invoices/inv-1/download' }],
          from: 1, to: 1, total: 1, per_page: 15, current_page: 1, last_page: 1,
        }),
      ),
      http.get('*/api/invoices/inv-1/ubl', ({ request }) => {
        auth = request.headers.get('Authorization');
        return new HttpResponse('<Invoice/>', { headers: { 'Content-Type': 'application/xml' } });
      }),
    );
    localStorage.setItem('portal_token', 'tok');
    const names = catchDownload();
    renderWithProviders(<InvoicesList />);
    await userEvent.click(await screen.findByRole('button', { name: /E-factuur \(UBL\)/ }));
    await waitFor(() => expect(names).toEqual(['F000042.xml']));
    expect(auth).toBe('Bearer tok');
    expect(screen.getByText('Factuur F000042 als e-factuur (UBL) downloaden')).toBeInTheDocument();
  });

  it('is not offered without invoices.show', async () => {
    renderWithProviders(<InvoicesList />, { session: signedIn({ permissions_names: ['invoices.index'] }) });
    expect(await screen.findByText('F-2026-001')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /UBL/ })).not.toBeInTheDocument();
  });

  it('speaks the interface language', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
    renderWithProviders(<EInvoiceButton id="x" code="F1" />);
    expect(await screen.findByRole('button', { name: /E-Rechnung \(UBL\)/ })).toBeInTheDocument();
  });
});
