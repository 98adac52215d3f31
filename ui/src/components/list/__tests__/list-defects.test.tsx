import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, delay } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, setViewport } from '@/testing/test-utils';
import * as data from '@/testing/mocks/data';
import { ListScreen } from '../list-screen';
import type { ListConfig } from '../types';

type Row = (typeof data.contracts)[number];

// Two columns sort on a field of the same name, one of them on a relation: the assets'
// name and company, the quotes' name and client.
const config: ListConfig<Row> = {
  route: 'contracts',
  model: 'model.contracts',
  title: 'nav.contracts',
  defaultOrder: { field: 'name', direction: 'asc' },
  rowKey: (r) => r.id,
  detailPath: (r) => `/contracts/${r.id}`,
  cardTitle: (r) => r.name,
  columns: [
    { id: 'name', label: 'col.name', cell: (r) => r.name, sort: { field: 'name' } },
    { id: 'service', label: 'col.service', cell: (r) => r.service?.label ?? '', sort: { field: 'name', relation: 'service' } },
    { id: 'start', label: 'col.start_date', cell: (r) => r.start_date, sort: { field: 'start_date' } },
    { id: 'end', label: 'col.end_date', hidden: true, cell: (r) => r.end_date ?? '' },
  ],
};

const sortedHeaders = () => screen.getAllByRole('columnheader').filter((h) => h.hasAttribute('aria-sort'));
const arrows = () => screen.getAllByRole('columnheader').filter((h) => /[▲▼]/.test(h.textContent ?? ''));

beforeEach(() => setViewport(false));

describe('list defects', () => {
  it('shows one sort arrow at a time when two columns sort on fields of the same name', async () => {
    const seen: URLSearchParams[] = [];
    server.use(
      http.get('*/api/contracts', ({ request }) => {
        seen.push(new URL(request.url).searchParams);
        return HttpResponse.json(data.page(data.contracts, 2));
      }),
    );
    renderWithProviders(<ListScreen config={config} />);
    await screen.findByText('Prepaid support');
    expect(sortedHeaders()).toHaveLength(1);
    expect(arrows()).toHaveLength(1);
    expect(sortedHeaders()[0]).toHaveAccessibleName(/Naam/);

    await userEvent.click(screen.getByRole('button', { name: /Dienst/ }));
    expect(sortedHeaders()).toHaveLength(1);
    expect(arrows()).toHaveLength(1);
    expect(sortedHeaders()[0]).toHaveAttribute('aria-sort', 'ascending');
    expect(sortedHeaders()[0]).toHaveAccessibleName(/Dienst/);
    // A click on the other same-named column starts ascending again, not descending.
    await userEvent.click(screen.getByRole('button', { name: /Naam/ }));
    expect(sortedHeaders()[0]).toHaveAccessibleName(/Naam/);
    expect(sortedHeaders()[0]).toHaveAttribute('aria-sort', 'ascending');
  });

  it('replaces the skeleton by an error with a retry when the list fails to load', async () => {
    let fail = true;
    server.use(
      http.get('*/api/contracts', () =>
        fail ? HttpResponse.json({ message: 'Server error' }, { status: 500 }) : HttpResponse.json(data.page(data.contracts, 2)),
      ),
    );
    renderWithProviders(<ListScreen config={config} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('De lijst kon niet worden geladen.');
    expect(screen.queryByTestId('skeleton-row')).not.toBeInTheDocument();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByText('Prepaid support')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers the CSV and XLSX files as two separate links', async () => {
    server.use(
      http.get('*/api/contracts', () => HttpResponse.json(data.page(data.contracts, 2))),
      http.post('*/api/exports', () => HttpResponse.json({ message: 'Export started.', id: 5 })),
    );
    renderWithProviders(<ListScreen config={config} />);
    await screen.findByText('Prepaid support');
    await userEvent.click(screen.getByRole('button', { name: 'Exporteren' }));
    const files = await screen.findByRole('list', { name: 'Exportbestanden' });
    const items = within(files).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual(['CSV', 'XLSX']);
    expect(files.textContent).not.toContain('CSVXLSX');
  });

  it('gives a skeleton card on the phone the shape of the card that replaces it', async () => {
    setViewport(true);
    server.use(
      http.get('*/api/contracts', async () => {
        await delay(50);
        return HttpResponse.json(data.page(data.contracts, 2));
      }),
    );
    renderWithProviders(<ListScreen config={config} />);
    const skeletons = screen.getAllByTestId('skeleton-card');
    expect(skeletons.length).toBeGreaterThan(0);
    // A title line and one line per visible column, as a real card has.
    for (const card of skeletons) {
      expect(card).toHaveClass('card');
      expect(card.querySelector('.card-title')).not.toBeNull();
      expect(within(card).getAllByTestId('skeleton-line')).toHaveLength(3);
    }
    const real = await screen.findAllByTestId('list-card');
    expect(real[0].querySelectorAll('.card-line')).toHaveLength(3);
    expect(real[0].querySelector('.card-title')).not.toBeNull();
  });
});
