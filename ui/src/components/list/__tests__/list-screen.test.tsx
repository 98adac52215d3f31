import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, delay } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, setViewport, signedIn } from '@/testing/test-utils';
import * as data from '@/testing/mocks/data';
import { ListScreen } from '../list-screen';
import type { ListConfig } from '../types';

type Row = (typeof data.contracts)[number];

const config: ListConfig<Row> = {
  route: 'contracts',
  model: 'model.contracts',
  title: 'nav.contracts',
  defaultOrder: { field: 'name', direction: 'asc' },
  rowKey: (r) => r.id,
  detailPath: (r) => `/contracts/${r.id}`,
  cardTitle: (r) => r.name,
  columns: [
    { id: 'name', label: 'col.name', cell: (r) => r.name, sort: { field: 'name' }, filter: { type: 'string', field: 'name' } },
    {
      id: 'period',
      label: 'col.period',
      cell: (r) => r.period ?? '-',
      filter: {
        type: 'multi_select',
        field: 'period',
        none: true,
        options: [
          { value: 'month', label: 'Maand' },
          { value: 'year', label: 'Jaar' },
        ],
      },
    },
    { id: 'start', label: 'col.start_date', cell: (r) => r.start_date, sort: { field: 'start_date' } },
    { id: 'service', label: 'col.service', hidden: true, cell: (r) => r.service?.label ?? '' },
  ],
};

/** Records the query string of every list request. */
function recordRequests(answer = () => data.page(data.contracts, 40, 15, 1)) {
  const seen: URLSearchParams[] = [];
  server.use(
    http.get('*/api/contracts', ({ request }) => {
      seen.push(new URL(request.url).searchParams);
      return HttpResponse.json(answer());
    }),
  );
  return seen;
}

const last = (seen: URLSearchParams[]) => seen[seen.length - 1];

beforeEach(() => setViewport(false));

describe('the generic list screen', () => {
  it('shows ten skeleton rows while loading, then the rows and the range', async () => {
    server.use(
      http.get('*/api/contracts', async () => {
        await delay(50);
        return HttpResponse.json(data.page(data.contracts, 40));
      }),
    );
    renderWithProviders(<ListScreen config={config} />);
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(10);
    expect(await screen.findByText('Prepaid support')).toBeInTheDocument();
    expect(screen.queryByTestId('skeleton-row')).not.toBeInTheDocument();
    expect(screen.getByText('1-2 van 40')).toBeInTheDocument();
  });

  it('says "about" before a total the server estimated for a search', async () => {
    server.use(
      http.get('*/api/contracts', () =>
        HttpResponse.json({ ...data.page(data.contracts, 7000), total_is_estimate: true }),
      ),
    );
    renderWithProviders(<ListScreen config={config} />);
    expect(await screen.findByText('1-2 van ongeveer 7000')).toBeInTheDocument();
  });

  it("says 'No {model} found.' for an empty list", async () => {
    server.use(http.get('*/api/contracts', () => HttpResponse.json(data.page([]))));
    renderWithProviders(<ListScreen config={config} />);
    expect(await screen.findByText('Geen contracten gevonden.')).toBeInTheDocument();
  });

  it('asks for the default order and page size, and hides default-hidden columns', async () => {
    const seen = recordRequests();
    renderWithProviders(<ListScreen config={config} />);
    await screen.findByText('Prepaid support');
    expect(last(seen).getAll('builder[orderBy][0][]')).toEqual(['name', 'asc']);
    expect(last(seen).get('builder[paginate]')).toBe('15');
    expect(last(seen).get('page')).toBe('1');
    expect(screen.queryByRole('columnheader', { name: /Dienst/ })).not.toBeInTheDocument();
  });

  it('sorts ascending on a new column, then descending, then ascending again', async () => {
    const seen = recordRequests();
    renderWithProviders(<ListScreen config={config} />);
    await screen.findByText('Prepaid support');
    const header = () => screen.getByRole('button', { name: /Startdatum/ });
    await userEvent.click(header());
    await waitFor(() => expect(last(seen).getAll('builder[orderBy][0][]')).toEqual(['start_date', 'asc']));
    await userEvent.click(header());
    await waitFor(() => expect(last(seen).getAll('builder[orderBy][0][]')).toEqual(['start_date', 'desc']));
    expect(screen.getByRole('columnheader', { name: /Startdatum/ })).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(header());
    // Back to ascending: that page is still cached, so it shows without a new request.
    expect(screen.getByRole('columnheader', { name: /Startdatum/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(seen.map((p) => p.getAll('builder[orderBy][0][]').join(' '))).toEqual(['name asc', 'start_date asc', 'start_date desc']);
  });

  it('pages with first, last, neighbours and gaps, the typed jump and the page size', async () => {
    const seen = recordRequests(() => data.page(data.contracts, 200, 15, 1));
    renderWithProviders(<ListScreen config={config} />);
    const nav = await screen.findByRole('navigation', { name: 'Pagina’s' });
    expect(within(nav).getAllByRole('button', { name: /^Pagina \d+$/ }).map((b) => b.textContent)).toEqual(['1', '2', '3', '14']);
    expect(within(nav).getByText('...')).toBeInTheDocument();
    await userEvent.click(within(nav).getByRole('button', { name: 'Pagina 3' }));
    await waitFor(() => expect(last(seen).get('page')).toBe('3'));
    await userEvent.type(within(nav).getByLabelText('Ga naar pagina'), '9');
    await userEvent.click(within(nav).getByRole('button', { name: 'Ga' }));
    await waitFor(() => expect(last(seen).get('page')).toBe('9'));
    await userEvent.selectOptions(within(nav).getByLabelText('Per pagina'), '50');
    await waitFor(() => expect(last(seen).get('builder[paginate]')).toBe('50'));
    expect(last(seen).get('page')).toBe('1');
  });

  it("filters a multi-select where '(none)' and the other choices exclude each other", async () => {
    const seen = recordRequests();
    renderWithProviders(<ListScreen config={config} />);
    await screen.findByText('Prepaid support');
    const reset = screen.getByRole('button', { name: 'Filters wissen' });
    expect(reset).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Filter Periode' }));
    const panel = screen.getByRole('group', { name: 'Filter Periode' });
    await userEvent.click(within(panel).getByLabelText('Maand'));
    await userEvent.click(within(panel).getByLabelText('Jaar'));
    await waitFor(() => expect(last(seen).getAll('builder[whereIn][0][1][]')).toEqual(['month', 'year']));
    expect(last(seen).get('builder[whereIn][0][0]')).toBe('period');
    await userEvent.click(within(panel).getByLabelText('(geen)'));
    expect(within(panel).getByLabelText('Maand')).not.toBeChecked();
    expect(within(panel).getByLabelText('Jaar')).not.toBeChecked();
    await waitFor(() => expect(last(seen).getAll('builder[whereNull][]')).toEqual(['period']));
    expect(last(seen).has('builder[whereIn][0][0]')).toBe(false);
    await userEvent.click(within(panel).getByLabelText('Maand'));
    expect(within(panel).getByLabelText('(geen)')).not.toBeChecked();
    expect(reset).toBeEnabled();
    await userEvent.click(reset);
    await waitFor(() => expect(last(seen).has('builder[whereIn][0][0]')).toBe(false));
    expect(reset).toBeDisabled();
  });

  it('turns a text filter into a like clause', async () => {
    const seen = recordRequests();
    renderWithProviders(<ListScreen config={config} />);
    await screen.findByText('Prepaid support');
    await userEvent.click(screen.getByRole('button', { name: 'Filter Naam' }));
    await userEvent.type(screen.getByLabelText('Naam bevat'), 'sup');
    await waitFor(() => expect(last(seen).getAll('builder[where][0][]')).toEqual(['name', 'like', '%sup%']));
  });

  it('saves the filter choice per user and route, and restores it from the local cache', async () => {
    const saved: unknown[] = [];
    server.use(
      http.post('*/api/auth/me', async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json({ message: 'Changes saved.' });
      }),
    );
    recordRequests();
    const first = renderWithProviders(<ListScreen config={config} />);
    await screen.findByText('Prepaid support');
    await userEvent.click(screen.getByRole('button', { name: 'Filter Periode' }));
    await userEvent.click(screen.getByLabelText('Jaar'));
    await waitFor(() => expect(saved.length).toBeGreaterThan(0));
    const configs = (saved[saved.length - 1] as { relationships: { configs: { name: string; value: string }[] } }).relationships
      .configs;
    expect(configs.map((c) => c.name)).toEqual(['7_filter_contracts', '7_order_contracts', '7_pagination_contracts', '7_columns_contracts']);
    expect(JSON.parse(configs[0].value).filters).toEqual({ period: ['year'] });
    first.unmount();

    const seen = recordRequests();
    renderWithProviders(<ListScreen config={config} />);
    await screen.findByText('Prepaid support');
    expect(last(seen).getAll('builder[whereIn][0][1][]')).toEqual(['year']);
  });

  it('restores choices stored in the user configs', async () => {
    const seen = recordRequests();
    const session = signedIn({
      configs: [{ name: '7_order_contracts', value: JSON.stringify({ field: 'start_date', direction: 'desc' }) }],
    });
    renderWithProviders(<ListScreen config={config} />, { session });
    await screen.findByText('Prepaid support');
    expect(last(seen).getAll('builder[orderBy][0][]')).toEqual(['start_date', 'desc']);
  });

  it('lists presets with their counts, applies one, and saves a new one', async () => {
    const seen = recordRequests();
    let created: Record<string, unknown> | null = null;
    server.use(
      http.get('*/api/table-presets', ({ request }) => {
        expect(new URL(request.url).searchParams.get('type')).toBe('contracts');
        return HttpResponse.json([{ ...data.presets[0], type: 'contracts', label: 'Prepaid', filter_config: JSON.stringify({ whereNull: ['period'] }) }]);
      }),
      http.get('*/api/presets-result-count/contracts', () => HttpResponse.json([{ id: 1, count: 4 }])),
      http.post('*/api/table-presets', async ({ request }) => {
        created = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ id: 2, ...created }, { status: 201 });
      }),
    );
    renderWithProviders(<ListScreen config={config} />);
    const preset = await screen.findByRole('button', { name: /Prepaid\s*4/ });
    await userEvent.click(preset);
    await waitFor(() => expect(last(seen).getAll('builder[whereNull][]')).toEqual(['period']));
    expect(preset).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Filter opslaan als weergave' }));
    const dialog = screen.getByRole('dialog', { name: 'Filter opslaan als weergave' });
    await userEvent.type(within(dialog).getByLabelText('Naam van de weergave'), 'Geen periode');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(created).not.toBeNull());
    expect(created).toMatchObject({ label: 'Geen periode', type: 'contracts' });
    expect(JSON.parse(created!.filter_config as string)).toEqual({ whereNull: ['period'] });
    expect(JSON.parse(created!.order_config as string)).toEqual({ field: 'name', direction: 'asc' });
  });

  it('hides presets, preset creation and export without their permissions', async () => {
    recordRequests();
    renderWithProviders(<ListScreen config={config} />, { session: signedIn({ permissions_names: ['contracts.index'] }) });
    await screen.findByText('Prepaid support');
    expect(screen.queryByRole('button', { name: 'Exporteren' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Filter opslaan als weergave' })).not.toBeInTheDocument();
  });

  it('exports the filtered list and offers the files', async () => {
    recordRequests();
    let body: unknown = null;
    server.use(
      http.post('*/api/exports', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'Export started.', id: 5 });
      }),
    );
    renderWithProviders(<ListScreen config={config} />);
    await screen.findByText('Prepaid support');
    await userEvent.click(screen.getByRole('button', { name: 'Exporteren' }));
    expect(await screen.findByRole('link', { name: 'CSV' })).toHaveAttribute('href', '/api/exports/5/file.csv');
    expect(screen.getByRole('link', { name: 'XLSX' })).toBeInTheDocument();
    expect(body).toEqual({ userId: '7', model: 'contracts', filter: {} });
  });

  it('chooses columns in a modal and saves the layout', async () => {
    recordRequests();
    renderWithProviders(<ListScreen config={config} />);
    await screen.findByText('Prepaid support');
    await userEvent.click(screen.getByRole('button', { name: 'Kolommen' }));
    const dialog = screen.getByRole('dialog', { name: 'Kolommen aanpassen' });
    await userEvent.click(within(dialog).getByLabelText('Dienst'));
    await userEvent.click(within(dialog).getByLabelText('Startdatum'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(screen.getByRole('columnheader', { name: /Dienst/ })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: /Startdatum/ })).not.toBeInTheDocument();
    expect(await screen.findByText('Changes saved.')).toBeInTheDocument();
  });

  describe('on a phone', () => {
    beforeEach(() => setViewport(true));

    it('shows four skeleton cards, then cards that open the detail', async () => {
      server.use(
        http.get('*/api/contracts', async () => {
          await delay(50);
          return HttpResponse.json(data.page(data.contracts));
        }),
      );
      const { router } = renderWithProviders(<ListScreen config={config} />);
      expect(screen.getAllByTestId('skeleton-card')).toHaveLength(4);
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const cards = await screen.findAllByTestId('list-card');
      expect(cards).toHaveLength(2);
      await userEvent.click(cards[0]);
      expect(router.state.location.pathname).toBe('/contracts/1');
    });

    it('offers the presets with counts in the Filter dropdown and names the active filter', async () => {
      recordRequests();
      server.use(
        http.get('*/api/table-presets', () => HttpResponse.json([{ ...data.presets[0], label: 'Prepaid' }])),
        http.get('*/api/presets-result-count/contracts', () => HttpResponse.json([{ id: 1, count: 3 }])),
      );
      renderWithProviders(<ListScreen config={config} />);
      expect(await screen.findByText('Geen filter')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
      const item = await screen.findByRole('button', { name: /Prepaid\s*3/ });
      await userEvent.click(item);
      expect(await screen.findByText('Prepaid', { selector: '.active-filter' })).toBeInTheDocument();
    });
  });
});
