import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';
import * as data from '@/testing/mocks/data';
import { QuoteDetail } from '../components/quote-detail';
import { PAD_HEIGHT, PEN_COLOUR } from '../components/signature-pad';

function renderQuote(quote: object = data.quoteDetail) {
  server.use(http.get('*/api/quotes/1', () => HttpResponse.json(quote)));
  return renderWithProviders(<QuoteDetail />, {
    path: '/quotes/1',
    extraRoutes: [],
  });
}

// The detail reads :id from the route.
vi.mock('react-router-dom', async (importOriginal) => {
  const mod = await importOriginal<typeof import('react-router-dom')>();
  return { ...mod, useParams: () => ({ id: '1' }) };
});

describe('quote detail', () => {
  it('while sent: name defaults to the deal client, and an empty pad alerts', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    let accepted = false;
    server.use(
      http.post('*/api/quotes/1/accept', () => {
        accepted = true;
        return HttpResponse.json({});
      }),
    );
    renderQuote();
    expect(await screen.findByLabelText('Naam')).toHaveValue('Carla Client');
    await userEvent.click(screen.getByRole('button', { name: 'Accepteren' }));
    expect(alert).toHaveBeenCalledWith('Er is geen handtekening gezet.');
    expect(accepted).toBe(false);
  });

  it('draws with a black pen on a 200 px pad, and sends name, note and signature', async () => {
    expect(PEN_COLOUR).toBe('#000000');
    expect(PAD_HEIGHT).toBe(200);
    const ctx = {
      beginPath: vi.fn(),
      moveTo: vi.fn(),
      lineTo: vi.fn(),
      stroke: vi.fn(),
      clearRect: vi.fn(),
      strokeStyle: '',
      fillStyle: '',
      lineWidth: 0,
      lineCap: '',
    };
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as unknown as CanvasRenderingContext2D);
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,AAAA');
    let body: unknown = null;
    server.use(
      http.post('*/api/quotes/1/accept', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...data.quoteDetail, status_id: 3 });
      }),
    );
    renderQuote();
    const pad = await screen.findByTestId('signature-pad');
    expect(pad).toHaveStyle({ height: '200px' });
    const user = userEvent.setup();
    await user.pointer([
      { keys: '[MouseLeft>]', target: pad, coords: { clientX: 10, clientY: 10 } },
      { target: pad, coords: { clientX: 40, clientY: 30 } },
      { keys: '[/MouseLeft]', target: pad },
    ]);
    expect(ctx.strokeStyle).toBe('#000000');
    expect(ctx.stroke).toHaveBeenCalled();
    await user.type(screen.getByLabelText('Opmerking'), 'Graag snel');
    await user.click(screen.getByRole('button', { name: 'Accepteren' }));
    await waitFor(() => expect(body).toEqual({ name: 'Carla Client', note: 'Graag snel', signature: 'data:image/png;base64,AAAA' }));
    expect(await screen.findByText('De offerte is geaccepteerd.', { selector: 'p' })).toBeInTheDocument();
  });

  it("'Again' clears the pad so accepting alerts again", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const ctx = { beginPath: vi.fn(), moveTo: vi.fn(), lineTo: vi.fn(), stroke: vi.fn(), clearRect: vi.fn() };
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as unknown as CanvasRenderingContext2D);
    renderQuote();
    const pad = await screen.findByTestId('signature-pad');
    const user = userEvent.setup();
    await user.pointer([
      { keys: '[MouseLeft>]', target: pad, coords: { clientX: 10, clientY: 10 } },
      { target: pad, coords: { clientX: 40, clientY: 30 } },
      { keys: '[/MouseLeft]', target: pad },
    ]);
    await user.click(screen.getByRole('button', { name: 'Opnieuw' }));
    expect(ctx.clearRect).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Accepteren' }));
    expect(alert).toHaveBeenCalledWith('Er is geen handtekening gezet.');
  });

  it('shows the accepted and rejected texts instead of the form', async () => {
    renderQuote({ ...data.quoteDetail, status_id: 3 });
    expect(await screen.findByText('De offerte is geaccepteerd.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accepteren' })).not.toBeInTheDocument();
  });

  it('shows the rejected text for status 4', async () => {
    renderQuote({ ...data.quoteDetail, status_id: 4 });
    expect(await screen.findByText('De offerte is afgewezen.')).toBeInTheDocument();
    expect(screen.queryByTestId('signature-pad')).not.toBeInTheDocument();
  });

  it('downloads the PDF', async () => {
    const createUrl = vi.fn((_blob: Blob) => 'blob:quote');
    URL.createObjectURL = createUrl;
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderQuote();
    await userEvent.click(await screen.findByRole('button', { name: 'PDF downloaden' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(createUrl.mock.calls[0][0].type).toBe('application/pdf');
    expect(await createUrl.mock.calls[0][0].text()).toBe('%PDF-1.4 sample');
  });
});
