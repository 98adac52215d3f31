import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, setViewport, signedIn } from '@/testing/test-utils';
import { InvoicesList } from '../components/invoices-list';

beforeEach(() => setViewport(false));

describe('invoices list', () => {
  it('asks for version 2, newest first, and shows amounts in euro and status names', async () => {
    let params: URLSearchParams | null = null;
    server.use(
      http.get('*/api/invoices', ({ request }) => {
        params = new URL(request.url).searchParams;
        return HttpResponse.json({
          data: [{ id: 1, InvoiceCode: 'F-1', ReferenceNumber: 'R', AmountIncl: 1512.5, Date: '2026-11-01', Status: 77, ViewURL: '/api/invoices/1/download' }],
          from: 1, to: 1, total: 1, per_page: 15, current_page: 1, last_page: 1,
        });
      }),
    );
    renderWithProviders(<InvoicesList />);
    expect(await screen.findByText('F-1')).toBeInTheDocument();
    expect(params!.get('version')).toBe('2');
    expect(params!.getAll('builder[orderBy][0][]')).toEqual(['date', 'desc']);
    expect(screen.getByText(/1\.512,50/)).toBeInTheDocument();
    // An unknown status falls back to status 1.
    expect(screen.getByText('Verzonden')).toBeInTheDocument();
  });

  it('downloads an invoice with the session token', async () => {
    let auth: string | null = null;
    server.use(
      http.get('*/api/invoices/1/download', ({ request }) => {
        auth = request.headers.get('Authorization');
        return new HttpResponse('%PDF', { headers: { 'Content-Type': 'application/pdf' } });
      }),
    );
    localStorage.setItem('portal_token', 'tok');
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWithProviders(<InvoicesList />);
    await userEvent.click(await screen.findByRole('button', { name: /PDF/ }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(auth).toBe('Bearer tok');
  });

  it('offers no download without invoices.show', async () => {
    renderWithProviders(<InvoicesList />, { session: signedIn({ permissions_names: ['invoices.index'] }) });
    expect(await screen.findByText('F-2026-001')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /PDF/ })).not.toBeInTheDocument();
  });
});
