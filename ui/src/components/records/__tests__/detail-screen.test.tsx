import '@/testing/english';
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';
import { DetailScreen } from '@/components/records/detail-screen';
import { reloadData } from '@/lib/use-reload-data';

type Company = { id: number; name: string; city: string };

function serveCompany() {
  const seen: { method: string; url: URL; body: unknown }[] = [];
  let city = 'Utrecht';
  server.use(
    http.get('*/api/companies/:id', ({ request }) => {
      seen.push({ method: 'GET', url: new URL(request.url), body: null });
      return HttpResponse.json({ id: 4, name: 'Acme BV', city });
    }),
    http.put('*/api/companies/:id', async ({ request }) => {
      const body = (await request.json()) as { city: string };
      seen.push({ method: 'PUT', url: new URL(request.url), body });
      city = body.city;
      return HttpResponse.json({ id: 4, name: 'Acme BV', city });
    }),
  );
  return seen;
}

const screenUnderTest = (
  <DetailScreen<Company> route="companies" id={4} modelName="Company" label={(c) => c.name} withRelations={['contacts', 'locations']}>
    {({ record, save }) => (
      <>
        <p>City: {record.city}</p>
        <button type="button" onClick={() => void save({ city: 'Zwolle' })}>
          Move
        </button>
      </>
    )}
  </DetailScreen>
);

describe('generic detail screen', () => {
  it('loads the record with its relations and titles the page with label and model name', async () => {
    const seen = serveCompany();
    renderWithProviders(screenUnderTest);
    expect(await screen.findByText('City: Utrecht')).toBeInTheDocument();
    expect(seen[0].url.pathname).toBe('/api/companies/4');
    expect(seen[0].url.searchParams.getAll('builder[with][]')).toEqual(['contacts', 'locations']);
    // the title is set by an effect after the record shows: on a busy machine a tick later
    await waitFor(() => expect(document.title).toBe('Acme BV Company'));
    expect(screen.getByRole('heading', { name: 'Acme BV Company' })).toBeInTheDocument();
  });

  it("reloads on the global 'reload-data' event", async () => {
    const seen = serveCompany();
    renderWithProviders(screenUnderTest);
    await screen.findByText('City: Utrecht');
    expect(seen.filter((c) => c.method === 'GET')).toHaveLength(1);
    act(() => reloadData());
    await waitFor(() => expect(seen.filter((c) => c.method === 'GET')).toHaveLength(2));
    act(() => window.dispatchEvent(new Event('reload-data')));
    await waitFor(() => expect(seen.filter((c) => c.method === 'GET')).toHaveLength(3));
  });

  it("saves the changes, says 'updated' and reloads", async () => {
    const seen = serveCompany();
    renderWithProviders(screenUnderTest);
    await userEvent.click(await screen.findByRole('button', { name: 'Move' }));
    expect(await screen.findByText('updated')).toBeInTheDocument();
    expect(await screen.findByText('City: Zwolle')).toBeInTheDocument();
    expect(seen.map((c) => c.method)).toEqual(['GET', 'PUT', 'GET']);
    expect(seen[1].body).toEqual({ city: 'Zwolle' });
  });

  it('goes back to the list when the record is missing', async () => {
    server.use(http.get('*/api/companies/:id', () => HttpResponse.json({ message: 'Not found.' }, { status: 404 })));
    const { router } = renderWithProviders(screenUnderTest, { path: '/operator/companies/4' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/operator/companies'));
  });
});
