import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, setViewport } from '@/testing/test-utils';
import { TONE_COLOURS } from '@/components/ui/tone-badge';
import { InvoicesList } from '../components/invoices-list';

beforeEach(() => setViewport(false));

const invoice = (id: number, Status: number) => ({
  id,
  InvoiceCode: `F-${id}`,
  ReferenceNumber: `R-${id}`,
  AmountIncl: 100,
  Date: '2026-11-01',
  Status,
  ViewURL: `/api/invoices/${id}/download`,
});

describe('invoice status badges', () => {
  it('colour each status: sent blue, outstanding orange, paid green, credit purple, expired red', async () => {
    server.use(
      http.get('*/api/invoices', () =>
        HttpResponse.json({
          data: [invoice(1, 1), invoice(2, 2), invoice(3, 4), invoice(4, 8), invoice(5, 9)],
          from: 1, to: 5, total: 5, per_page: 15, current_page: 1, last_page: 1,
        }),
      ),
    );
    renderWithProviders(<InvoicesList />);
    await screen.findByText('F-1');
    const colour = (text: string) => (screen.getAllByText(text).find((e) => e.classList.contains('badge')) as HTMLElement).style.backgroundColor;
    const rgb = (hex: string) => {
      const n = parseInt(hex.slice(1), 16);
      return `rgb(${n >> 16}, ${(n >> 8) & 255}, ${n & 255})`;
    };
    expect(colour('Verzonden')).toBe(rgb(TONE_COLOURS.info));
    expect(colour('Openstaand')).toBe(rgb(TONE_COLOURS.warning));
    expect(colour('Betaald')).toBe(rgb(TONE_COLOURS.success));
    expect(colour('Creditfactuur')).toBe(rgb(TONE_COLOURS.credit));
    expect(colour('Verlopen')).toBe(rgb(TONE_COLOURS.danger));
    const all = ['Verzonden', 'Openstaand', 'Betaald', 'Creditfactuur', 'Verlopen'].map(colour);
    expect(new Set(all).size).toBe(5);
  });
});
