import '@/testing/english';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';
import { SettingList } from '@/components/form/setting-list';
import { useConfirm } from '@/components/form/confirm-dialog';

const items = [
  { id: 1, label: 'Low', order: 1, is_default: true },
  { id: 2, label: 'Normal', order: 2, is_default: false },
  { id: 3, label: 'High', order: 3, is_default: false },
];

function serveList() {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const record = async (request: Request) => {
    const text = await request.text();
    calls.push({ method: request.method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : null });
  };
  server.use(
    http.get('*/api/priorities', () => HttpResponse.json({ data: items, from: 1, to: 3, total: 3, per_page: 100, current_page: 1, last_page: 1 })),
    http.put('*/api/priorities/:id/update-order', async ({ request }) => {
      await record(request);
      return HttpResponse.json([]);
    }),
    http.put('*/api/priorities/:id', async ({ request }) => {
      await record(request);
      return HttpResponse.json({});
    }),
    http.delete('*/api/priorities/:id', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ message: 'Item verwijderd.' });
    }),
    http.post('*/api/priorities', async ({ request }) => {
      await record(request);
      const body = calls[calls.length - 1].body as { label: string; order: number };
      if (body.label === 'Low') return HttpResponse.json({ message: 'The given data was invalid.', errors: { label: ['The label has already been taken.'] } }, { status: 422 });
      return HttpResponse.json({ id: 4, label: body.label, order: body.order, is_default: false });
    }),
  );
  return calls;
}

const labels = () => screen.getAllByRole('listitem').map((li) => li.querySelector('span:nth-of-type(2)')?.textContent);

describe('setting list', () => {
  it('keeps exactly one default when another item is set as default', async () => {
    const calls = serveList();
    renderWithProviders(<SettingList route="priorities" title="Priorities" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Set as default High' }));
    expect(screen.getByRole('button', { name: 'Set as default High' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Set as default Low' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getAllByText('Default')).toHaveLength(1);
    expect(within(screen.getByTestId('setting-3')).getByText('Default')).toBeInTheDocument();
    await waitFor(() => expect(calls).toEqual([{ method: 'PUT', path: '/api/priorities/3', body: { is_default: true } }]));
  });

  it("edits an item's label: saves a change, and only closes when nothing changed", async () => {
    const calls = serveList();
    renderWithProviders(<SettingList route="priorities" title="Priorities" />);
    await screen.findByText('Normal');
    await userEvent.click(screen.getByRole('button', { name: 'Rename Normal' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(calls).toEqual([]);
    expect(screen.queryByRole('textbox', { name: 'Label of Normal' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Rename Normal' }));
    const input = screen.getByRole('textbox', { name: 'Label of Normal' });
    await userEvent.clear(input);
    await userEvent.type(input, 'Medium{Enter}');
    expect(await screen.findByText('Item updated.')).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'PUT', path: '/api/priorities/2', body: { label: 'Medium' } }]);
    expect(screen.getByText('Medium')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Label of Normal' })).toBeNull();
  });

  it('refuses an empty label under the field and keeps the editor open', async () => {
    const calls = serveList();
    renderWithProviders(<SettingList route="priorities" title="Priorities" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Rename Normal' }));
    const input = screen.getByRole('textbox', { name: 'Label of Normal' });
    await userEvent.clear(input);
    await userEvent.type(input, '   {Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Label is required');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Label of Normal' })).toBeNull();
    expect(screen.getByText('Normal')).toBeInTheDocument();
  });

  it('adds an item at the end; an empty label or one the server refuses shows under the field', async () => {
    const calls = serveList();
    renderWithProviders(<SettingList route="priorities" title="Priorities" />);
    const input = await screen.findByRole('textbox', { name: 'New item' });
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Label is required')).toBeInTheDocument();
    expect(calls).toEqual([]);

    await userEvent.type(input, 'Low');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Label is already in use')).toBeInTheDocument();
    expect(input).toHaveValue('Low');

    await userEvent.clear(input);
    await userEvent.type(input, ' Urgent {Enter}');
    expect(await screen.findByTestId('setting-4')).toHaveTextContent('Urgent');
    expect(calls[calls.length - 1]).toEqual({ method: 'POST', path: '/api/priorities', body: { label: 'Urgent', order: 4 } });
    expect(input).toHaveValue('');
    expect(screen.queryByText(/Label is/)).toBeNull();
  });

  it('says what is missing in Dutch and German', async () => {
    for (const [language, text] of [
      ['nl', 'Naam is verplicht'],
      ['de', 'Bezeichnung ist erforderlich'],
    ]) {
      localStorage.setItem('APP_LANGUAGE', language);
      serveList();
      const { unmount } = renderWithProviders(<SettingList route="priorities" title="Priorities" />);
      await screen.findByTestId('setting-1');
      await userEvent.click(screen.getAllByRole('button').find((b) => b.getAttribute('type') === 'submit')!);
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
      unmount();
    }
  });

  it('saves the new position of a dragged item', async () => {
    const calls = serveList();
    renderWithProviders(<SettingList route="priorities" title="Priorities" />);
    const high = await screen.findByTestId('setting-3');
    fireEvent.dragStart(high);
    fireEvent.dragOver(screen.getByTestId('setting-1'));
    fireEvent.drop(screen.getByTestId('setting-1'));
    expect(labels()).toEqual(['High', 'Low', 'Normal']);
    await waitFor(() => expect(calls).toEqual([{ method: 'PUT', path: '/api/priorities/3/update-order', body: { order: 1 } }]));
  });

  it('reorders with the keyboard too', async () => {
    const calls = serveList();
    renderWithProviders(<SettingList route="priorities" title="Priorities" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Move down Low' }));
    expect(labels()).toEqual(['Normal', 'Low', 'High']);
    await waitFor(() => expect(calls).toEqual([{ method: 'PUT', path: '/api/priorities/1/update-order', body: { order: 2 } }]));
  });

  it("asks 'Do you really want to delete this?' and deletes only when confirmed", async () => {
    const calls = serveList();
    renderWithProviders(<SettingList route="priorities" title="Priorities" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Normal' }));
    const dialog = screen.getByRole('dialog', { name: 'Do you really want to delete this?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toEqual([]);
    expect(screen.getByTestId('setting-2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Normal' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByTestId('setting-2')).toBeNull());
    expect(calls).toEqual([{ method: 'DELETE', path: '/api/priorities/2', body: null }]);
    expect(await screen.findByText('Item deleted.')).toBeInTheDocument();
  });
});

function ConfirmHarness({ onResult }: { onResult: (r: string) => void }) {
  const [dialog, ask] = useConfirm();
  return (
    <>
      <button type="button" onClick={() => ask().then(() => onResult('confirmed'), (e: Error) => onResult(e.message))}>
        Remove
      </button>
      {dialog}
    </>
  );
}

describe('confirmation', () => {
  it("rejects with 'Not confirmed.' when cancelled and resolves when confirmed", async () => {
    const results: string[] = [];
    renderWithProviders(<ConfirmHarness onResult={(r) => results.push(r)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.getByRole('dialog', { name: 'Do you really want to delete this?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(results).toEqual(['Not confirmed.']));
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(results).toEqual(['Not confirmed.', 'Not confirmed.']));
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(results).toEqual(['Not confirmed.', 'Not confirmed.', 'confirmed']));
  });
});
