import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';
import { TicketDetail } from '../components/ticket-detail';

vi.mock('react-router-dom', async (importOriginal) => {
  const mod = await importOriginal<typeof import('react-router-dom')>();
  return { ...mod, useParams: () => ({ id: '1' }) };
});

describe('ticket detail', () => {
  it('shows the thread and replies with an attachment as multipart form data', async () => {
    let form: FormData | null = null;
    server.use(
      http.post('*/api/messages', async ({ request }) => {
        form = await request.formData();
        return HttpResponse.json({ id: 12 }, { status: 201 });
      }),
    );
    renderWithProviders(<TicketDetail />);
    expect(await screen.findByRole('heading', { name: /T-1000/ })).toBeInTheDocument();
    // the client's message is text in the thread, not a frame
    expect(screen.getByText('The printer is jammed.')).toHaveClass('message-text');
    expect(screen.queryByTitle('Berichten 11')).toBeNull();
    await userEvent.type(screen.getByLabelText('Bericht'), 'Hier is de foto');
    const file = new File(['png'], 'foto.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Bijlagen'), file);
    await userEvent.click(screen.getByRole('button', { name: 'Versturen' }));
    await waitFor(() => expect(form).not.toBeNull());
    const sent = form as unknown as FormData;
    expect(sent.get('message')).toBe('Hier is de foto');
    expect(sent.get('morphable_type')).toBe('Ticket');
    expect(sent.get('morphable_id')).toBe('1');
    // jsdom's File does not survive the trip into the mock intact; the part is there.
    expect(sent.has('file[0]')).toBe(true);
    expect(sent.has('file[1]')).toBe(false);
    expect(await screen.findByText('Bericht verstuurd')).toBeInTheDocument();
  });

  it('does not send an empty reply', async () => {
    renderWithProviders(<TicketDetail />);
    await userEvent.click(await screen.findByRole('button', { name: 'Versturen' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Schrijf eerst een bericht');
  });
});
