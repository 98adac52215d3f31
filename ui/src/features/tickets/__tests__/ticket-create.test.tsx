import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, signedIn } from '@/testing/test-utils';
import { LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import * as data from '@/testing/mocks/data';
import { TicketCreate } from '../components/ticket-create';

function withFieldsConfig(config: object) {
  const session = signedIn();
  session.lookups = {
    ...data.me.lookups,
    configs: [{ name: 'ticketing.ticket_fields_config', value: JSON.stringify(config), input_type: 'json' }],
  };
  return session;
}

describe('ticket create', () => {
  it("shows '{field label} is required' for each field the tenant requires, and sends nothing", async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    let posted = false;
    server.use(
      http.post('*/api/tickets', () => {
        posted = true;
        return HttpResponse.json(data.ticketDetail, { status: 201 });
      }),
    );
    renderWithProviders(<TicketCreate />, {
      session: withFieldsConfig({
        description: { required_portal: true, label: 'Subject' },
        priority_id: { required_portal: true, label: 'Priority' },
        category_id: { required_portal: false, label: 'Category' },
      }),
    });
    await userEvent.type(screen.getByLabelText(/Message/), 'It broke');
    await userEvent.click(screen.getByRole('button', { name: 'Create ticket' }));
    expect(await screen.findByText('Subject is required')).toBeInTheDocument();
    expect(screen.getByText('Priority is required')).toBeInTheDocument();
    expect(screen.queryByText('Category is required')).not.toBeInTheDocument();
    expect(posted).toBe(false);
  });

  it('names a missing field in Dutch by the label it shows: Onderwerp is verplicht', async () => {
    renderWithProviders(<TicketCreate />, { session: withFieldsConfig({ description: { required_portal: true, label: 'Subject' } }) });
    await userEvent.type(screen.getByLabelText(/Bericht/), 'Papierstoring');
    await userEvent.click(screen.getByRole('button', { name: 'Ticket aanmaken' }));
    expect(await screen.findByText('Onderwerp is verplicht')).toBeInTheDocument();
    expect(screen.queryByText('Subject is verplicht')).not.toBeInTheDocument();
  });

  it('creates the ticket once the required fields are filled, then opens it', async () => {
    let body: unknown = null;
    server.use(
      http.post('*/api/tickets', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...data.ticketDetail, id: 42 }, { status: 201 });
      }),
    );
    const { router } = renderWithProviders(<TicketCreate />, {
      session: withFieldsConfig({ priority_id: { required_portal: true, label: 'Prioriteit' } }),
    });
    await userEvent.type(screen.getByLabelText(/Onderwerp/), 'Printer');
    await userEvent.type(screen.getByLabelText(/Bericht/), 'Papierstoring');
    await userEvent.click(screen.getByRole('button', { name: 'Ticket aanmaken' }));
    expect(await screen.findByText('Prioriteit is verplicht')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText(/Prioriteit/), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Ticket aanmaken' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets/42'));
    expect(body).toEqual({ description: 'Printer', message: 'Papierstoring', priority_id: 2 });
    expect(screen.getByText('Ticket aangemaakt')).toBeInTheDocument();
  });

  it('shows the server 422 as a bold message with the field errors', async () => {
    server.use(
      http.post('*/api/tickets', () =>
        HttpResponse.json({ message: 'The given data was invalid.', errors: { priority_id: ['Priority is required'] } }, { status: 422 }),
      ),
    );
    renderWithProviders(<TicketCreate />, { session: withFieldsConfig({}) });
    await userEvent.type(screen.getByLabelText(/Onderwerp/), 'Printer');
    await userEvent.click(screen.getByRole('button', { name: 'Ticket aanmaken' }));
    // the server's English, read in Dutch with the field named by its label
    const title = await screen.findByText('De ingevoerde gegevens zijn ongeldig.');
    expect(title.tagName).toBe('STRONG');
    expect(screen.getByText('Prioriteit is verplicht')).toBeInTheDocument();
  });

  it('offers the ticket custom fields that have a name and sends their values by it; one without a name is left out', async () => {
    let body: unknown = null;
    server.use(
      http.post('*/api/tickets', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...data.ticketDetail, id: 42 }, { status: 201 });
      }),
    );
    const session = withFieldsConfig({});
    const field = { type: 0, morphable_type: 'Ticket', order: 1, required: false, options: [] };
    session.lookups = {
      ...session.lookups!,
      custom_fields: [
        { ...field, id: 1, name: 'po', title: 'Inkoopnummer' },
        { ...field, id: 2, name: null, title: 'Zonder naam' },
        { ...field, id: 3, name: 'site', title: 'Offertelocatie', morphable_type: 'Quote' },
      ],
    };
    renderWithProviders(<TicketCreate />, { session });
    expect(screen.queryByLabelText('Zonder naam')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Offertelocatie')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Onderwerp/), 'Printer');
    await userEvent.type(screen.getByLabelText('Inkoopnummer'), 'PO-7');
    await userEvent.click(screen.getByRole('button', { name: 'Ticket aanmaken' }));
    await waitFor(() => expect(body).toEqual({ description: 'Printer', message: '', custom_values: { po: 'PO-7' } }));
  });
});
