import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/testing/test-utils';
import { SubscriptionDetail } from '../components/subscription-detail';

vi.mock('react-router-dom', async (importOriginal) => {
  const mod = await importOriginal<typeof import('react-router-dom')>();
  return { ...mod, useParams: () => ({ id: '1' }) };
});

const plain = (s: string | null) => (s ?? '').replace(/\u00a0/g, ' ');

describe('subscription detail', () => {
  it('shows the cards, the lines, the total and the monthly amount in euro', async () => {
    renderWithProviders(<SubscriptionDetail />);
    expect(await screen.findByRole('heading', { name: 'Microsoft 365' })).toBeInTheDocument();
    expect(screen.getByText('Business Standard')).toBeInTheDocument();
    expect(plain(screen.getByTestId('subscription-total').textContent)).toBe('€ 1.234,50');
    expect(plain(screen.getByTestId('subscription-mrr').textContent)).toBe('€ 102,88');
    expect(screen.getByText('Begin periode')).toBeInTheDocument();
    expect(screen.getAllByText('01-01-2026').length).toBeGreaterThan(0);
  });

  it('writes the amounts in Dutch formatting in English and German too (SPEC §1)', async () => {
    localStorage.setItem('APP_LANGUAGE', 'en');
    const { unmount } = renderWithProviders(<SubscriptionDetail />);
    expect(await screen.findByRole('heading', { name: 'Microsoft 365' })).toBeInTheDocument();
    expect(plain(screen.getByTestId('subscription-total').textContent)).toBe('€ 1.234,50');
    expect(plain(screen.getByTestId('subscription-mrr').textContent)).toBe('€ 102,88');
    unmount();
    localStorage.setItem('APP_LANGUAGE', 'de');
    renderWithProviders(<SubscriptionDetail />);
    expect(await screen.findByRole('heading', { name: 'Microsoft 365' })).toBeInTheDocument();
    expect(plain(screen.getByTestId('subscription-total').textContent)).toBe('€ 1.234,50');
    expect(plain(screen.getByTestId('subscription-mrr').textContent)).toBe('€ 102,88');
  });
});
