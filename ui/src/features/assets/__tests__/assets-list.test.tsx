import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, setViewport } from '@/testing/test-utils';
import * as data from '@/testing/mocks/data';
import { expiryOf } from '@/components/ui/tone-badge';
import { AssetsList } from '../components/assets-list';
import { AssetDetail } from '../components/asset-detail';

beforeEach(() => setViewport(false));

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe('assets list', () => {
  it('marks an asset whose warranty has passed, and one whose warranty ends within a month', async () => {
    const base = data.assets[0];
    server.use(
      http.get('*/api/assets', () =>
        HttpResponse.json(
          data.page([
            { ...base, id: 1, name: 'Old laptop', warranty_until: isoDay(-10) },
            { ...base, id: 2, name: 'Ageing printer', warranty_until: isoDay(10) },
            { ...base, id: 3, name: 'New phone', warranty_until: isoDay(400) },
          ]),
        ),
      ),
    );
    renderWithProviders(<AssetsList />);
    const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;
    const old = await rowOf('Old laptop');
    expect(within(old).getByText('verlopen')).toBeInTheDocument();
    expect(old.querySelector('[data-expiry]')).toHaveAttribute('data-expiry', 'past');
    const ageing = await rowOf('Ageing printer');
    expect(within(ageing).getByText('verloopt binnenkort')).toBeInTheDocument();
    const fresh = await rowOf('New phone');
    expect(within(fresh).queryByText(/verl/)).toBeNull();
    expect(fresh.querySelector('[data-expiry]')).toHaveAttribute('data-expiry', 'later');
  });

  it('counts a warranty as running through its last day', () => {
    const now = new Date('2026-11-25T12:00:00');
    expect(expiryOf('2026-11-25', now)).toBe('soon');
    expect(expiryOf('2026-11-24', now)).toBe('past');
    expect(expiryOf('2026-12-24', now)).toBe('soon');
    expect(expiryOf('2027-01-30', now)).toBe('later');
  });

  it('marks a passed warranty on the asset page too', async () => {
    server.use(http.get('*/api/assets/:id', () => HttpResponse.json({ ...data.assetDetail, warranty_until: isoDay(-3) })));
    renderWithProviders(<p>elsewhere</p>, { path: '/assets/1', extraRoutes: [{ path: '/assets/:id', element: <AssetDetail /> }] });
    const expired = await screen.findByText('verlopen');
    expect(expired.closest('[data-expiry]')).toHaveAttribute('data-expiry', 'past');
  });
});
