import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';
import * as data from '@/testing/mocks/data';
import { ContractDetail } from '../components/contract-detail';

vi.mock('react-router-dom', async (importOriginal) => {
  const mod = await importOriginal<typeof import('react-router-dom')>();
  return { ...mod, useParams: () => ({ id: '1' }) };
});

describe('contract detail', () => {
  it('shows the cards, the period block and its time registrations', async () => {
    renderWithProviders(<ContractDetail />);
    expect(await screen.findByRole('heading', { name: 'Prepaid support' })).toBeInTheDocument();
    expect(screen.getByTestId('remaining-hours')).toHaveTextContent('05:00');
    expect(screen.getByRole('region', { name: '01-01-2026 – 31-12-2026' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /T-1000/ })).toHaveAttribute('href', '/tickets/1');
    expect(screen.getByText('01:30')).toBeInTheDocument();
    expect(screen.getByText('Olga Operator')).toBeInTheDocument();
  });

  it('keeps the buy button disabled until a card type is chosen, then updates the remaining hours', async () => {
    let body: unknown = null;
    server.use(
      // After the purchase the server reports the new balance.
      http.get('*/api/contracts/1', () =>
        HttpResponse.json({ ...data.contractDetail, minutes_remaining: body ? 900 : 300 }),
      ),
      http.post('*/api/contracts/1/buy', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'Prepaid card upgraded', minutes_remaining: 900, hours_remaining: 15 });
      }),
    );
    renderWithProviders(<ContractDetail />);
    const buy = await screen.findByRole('button', { name: 'Kopen' });
    expect(buy).toBeDisabled();
    await userEvent.selectOptions(screen.getByLabelText('Soort kaart'), '2');
    expect(buy).toBeEnabled();
    await userEvent.click(buy);
    // Nothing is bought before the client confirms the price and the hours.
    const dialog = await screen.findByRole('dialog', { name: 'Strippenkaart kopen?' });
    expect(dialog).toHaveTextContent('20 uur voor € 1.600,00');
    expect(body).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: /Kopen voor €\s1\.600,00/ }));
    await waitFor(() => expect(body).toEqual({ prepaid_card_id: 2 }));
    expect(await screen.findByText('Strippenkaart opgewaardeerd')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('remaining-hours')).toHaveTextContent('15:00'));
    expect(buy).toBeDisabled();
  });

  it('buys nothing when the confirmation is cancelled', async () => {
    let bought = false;
    server.use(
      http.post('*/api/contracts/1/buy', () => {
        bought = true;
        return HttpResponse.json({ message: 'Prepaid card upgraded', minutes_remaining: 900, hours_remaining: 15 });
      }),
    );
    renderWithProviders(<ContractDetail />);
    await userEvent.selectOptions(await screen.findByLabelText('Soort kaart'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Kopen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Strippenkaart kopen?' });
    expect(dialog).toHaveTextContent('10 uur voor € 850,00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bought).toBe(false);
    expect(screen.getByTestId('remaining-hours')).toHaveTextContent('05:00');
  });

  it('shows every period of a monthly contract, the current one first', async () => {
    const period = (start: string, end: string, minutes: number) => ({
      id: start,
      period_start: start,
      period_end: end,
      registered_time: 480 - minutes,
      minutes_remaining: minutes,
      time_registrations: [],
    });
    server.use(
      http.get('*/api/contracts/1', () =>
        HttpResponse.json({
          ...data.contractDetail,
          period: 'month',
          period_label: 'Month',
          contractPeriods: [period('2026-09-01', '2026-09-30', 480), period('2026-11-01', '2026-11-30', 435), period('2026-10-01', '2026-10-31', 60)],
        }),
      ),
    );
    renderWithProviders(<ContractDetail />);
    await screen.findByRole('heading', { name: 'Prepaid support' });
    const blocks = screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'));
    expect(blocks).toEqual(['01-11-2026 – 30-11-2026', '01-10-2026 – 31-10-2026', '01-09-2026 – 30-09-2026']);
    expect(screen.queryByRole('button', { name: 'Kopen' })).toBeNull();
  });

  it('says so when the upgrade fails', async () => {
    server.use(
      http.post('*/api/contracts/1/buy', () => HttpResponse.json({ message: 'Only a prepaid contract.' }, { status: 422 })),
    );
    renderWithProviders(<ContractDetail />);
    await userEvent.selectOptions(await screen.findByLabelText('Soort kaart'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Kopen' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /Kopen voor/ }));
    expect(await screen.findByText('Het opwaarderen van de strippenkaart is mislukt.')).toBeInTheDocument();
    expect(screen.getByTestId('remaining-hours')).toHaveTextContent('05:00');
  });

  it('goes back to the list when the contract does not exist', async () => {
    server.use(http.get('*/api/contracts/1', () => HttpResponse.json({ message: 'Not found.' }, { status: 404 })));
    const { router } = renderWithProviders(<ContractDetail />, { path: '/contracts/1' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/contracts'));
  });
});
