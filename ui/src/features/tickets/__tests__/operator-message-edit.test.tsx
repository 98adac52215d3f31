import '@/testing/english';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';
import { MessageThread } from '../components/operator/message-thread';
import { messageChanges } from '../components/operator/message-edit';
import type { OperatorMessage } from '@/types/operator';
import { operators } from '@/testing/operator-session';

const note: OperatorMessage = {
  id: 2,
  message: '<p>Check the toner.</p>',
  type: 'message',
  is_from_client: 0,
  visible_to_client: 0,
  created_at: '2026-11-22T10:05:00Z',
  actor: { id: 21, full_name: 'Olga Operator', is_operator: 1 },
};

describe('message edit', () => {
  it('works out only the changed fields', () => {
    expect(messageChanges(note, { message: note.message, visible: false })).toEqual({});
    expect(messageChanges(note, { message: '<p>New</p>', visible: false })).toEqual({ message: '<p>New</p>' });
    expect(messageChanges(note, { message: note.message, visible: true })).toEqual({ visible_to_client: 1 });
  });

  it('just closes when nothing changed', async () => {
    const onChanged = vi.fn();
    renderWithProviders(<MessageThread messages={[note]} operators={operators} onChanged={onChanged} />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit message 2' }));
    expect(screen.getByRole('textbox', { name: 'Edit message 2' })).toContainHTML('<p>Check the toner.</p>');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('textbox', { name: 'Edit message 2' })).toBeNull();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('sends only the changed fields and reloads', async () => {
    let body: unknown = null;
    server.use(
      http.put('*/api/messages/2', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...note, visible_to_client: 1 });
      }),
    );
    const onChanged = vi.fn();
    renderWithProviders(<MessageThread messages={[note]} operators={operators} onChanged={onChanged} />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit message 2' }));
    const editor = screen.getByRole('textbox', { name: 'Edit message 2' });
    editor.innerHTML = '<p>Toner replaced.</p>';
    fireEvent.input(editor);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(body).toEqual({ message: '<p>Toner replaced.</p>' });
    expect(await screen.findByText('Item updated.')).toBeInTheDocument();
  });

  it("edits a client's text in a plain text box, never as HTML", async () => {
    let body: unknown = null;
    server.use(
      http.put('*/api/messages/4', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({});
      }),
    );
    const text: OperatorMessage = { ...note, id: 4, format: 'text', is_from_client: 1, visible_to_client: 1, message: '<img src=x onerror="window.__xss=1">' };
    renderWithProviders(<MessageThread messages={[text]} operators={operators} onChanged={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit message 4' }));
    const box = screen.getByRole('textbox', { name: 'Edit message 4' });
    expect(box.tagName).toBe('TEXTAREA');
    expect(box).toHaveValue('<img src=x onerror="window.__xss=1">');
    expect(document.querySelector('img')).toBeNull();
    await userEvent.clear(box);
    await userEvent.type(box, 'a < b');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(body).toEqual({ message: 'a < b' }));
  });

  it('refuses an emptied message under the field and saves nothing; the visibility goes alone', async () => {
    let body: unknown = null;
    server.use(
      http.put('*/api/messages/2', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...note, visible_to_client: 1 });
      }),
    );
    const onChanged = vi.fn();
    renderWithProviders(<MessageThread messages={[note]} operators={operators} onChanged={onChanged} />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit message 2' }));
    const editor = screen.getByRole('textbox', { name: 'Edit message 2' });
    editor.innerHTML = '<p> </p>';
    fireEvent.input(editor);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Message is required')).toBeInTheDocument();
    expect(editor).toHaveAttribute('aria-invalid', 'true');
    expect(body).toBeNull();

    editor.innerHTML = '<p>Check the toner.</p>';
    fireEvent.input(editor);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Visible to the client' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(body).toEqual({ visible_to_client: 1 });
  });

  it("shows the API's refusal under a client's text, in Dutch", async () => {
    localStorage.setItem('APP_LANGUAGE', 'nl');
    server.use(
      http.put('*/api/messages/4', () =>
        HttpResponse.json({ message: 'The given data was invalid.', errors: { message: ['String should have at most 65000 characters'] } }, { status: 422 }),
      ),
    );
    const text: OperatorMessage = { ...note, id: 4, format: 'text', is_from_client: 1, visible_to_client: 1, message: 'Hello' };
    renderWithProviders(<MessageThread messages={[text]} operators={operators} onChanged={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Bericht 4 bewerken' }));
    const box = screen.getByRole('textbox', { name: 'Bericht 4 bewerken' });
    await userEvent.clear(box);
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Bericht is verplicht')).toBeInTheDocument();
    await userEvent.type(box, 'Hello again');
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Bericht mag hoogstens 65000 tekens zijn')).toBeInTheDocument();
    expect(box).toHaveValue('Hello again');
  });

  it('deletes a message after confirmation', async () => {
    let deleted = false;
    server.use(
      http.delete('*/api/messages/2', () => {
        deleted = true;
        return HttpResponse.json({ message: 'Item verwijderd.' });
      }),
    );
    const onChanged = vi.fn();
    renderWithProviders(<MessageThread messages={[note]} operators={operators} onChanged={onChanged} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete message 2' }));
    const dialog = screen.getByRole('dialog', { name: 'Do you really want to delete this?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(deleted).toBe(true);
  });

  it('offers no edit or delete on a read-only thread', () => {
    renderWithProviders(<MessageThread messages={[note]} />);
    expect(screen.queryByRole('button', { name: 'Edit message 2' })).toBeNull();
  });
});
