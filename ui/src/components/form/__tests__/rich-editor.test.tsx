import '@/testing/english';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';
import { EDITOR_DEFAULT_HEIGHT, RichEditor, mentionedOperatorIds } from '@/components/form/rich-editor';
import { operators } from '@/testing/operator-session';

/** Puts text in the editor with the caret at its end, as typing would. */
function typeInto(editor: HTMLElement, text: string) {
  editor.textContent = text;
  const node = editor.firstChild as Text;
  const range = document.createRange();
  range.setStart(node, node.length);
  range.collapse(true);
  const sel = window.getSelection()!;
  sel.removeAllRanges();
  sel.addRange(range);
  fireEvent.input(editor);
}

describe('rich editor', () => {
  it('is 310 px high unless told otherwise', () => {
    renderWithProviders(<RichEditor onChange={vi.fn()} operators={operators} />);
    expect(EDITOR_DEFAULT_HEIGHT).toBe(310);
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveStyle({ height: '310px' });
  });

  it("lists operators filtered by what follows '@' and inserts the picked one as a mention", async () => {
    const onChange = vi.fn();
    renderWithProviders(<RichEditor onChange={onChange} operators={operators} />);
    const editor = screen.getByRole('textbox', { name: 'Message' });
    typeInto(editor, 'Please check @');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Olga Operator', 'Otto Second', 'Petra Planner']);
    typeInto(editor, 'Please check @ot');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Otto Second']);
    await userEvent.click(screen.getByRole('option', { name: 'Otto Second' }));
    expect(screen.queryByRole('listbox')).toBeNull();
    const mention = editor.querySelector('span.mention');
    expect(mention).toHaveTextContent('@Otto Second');
    expect(mention).toHaveAttribute('data-mention', '22');
    expect(editor.textContent).toBe('Please check @Otto Second\u00a0');
    const html = onChange.mock.lastCall?.[0] as string;
    expect(mentionedOperatorIds(html)).toEqual(['22']);
  });

  it('picks a mention with the keyboard and closes the list on Escape', () => {
    renderWithProviders(<RichEditor onChange={vi.fn()} operators={operators} />);
    const editor = screen.getByRole('textbox', { name: 'Message' });
    typeInto(editor, '@o');
    fireEvent.keyDown(editor, { key: 'ArrowDown' });
    fireEvent.keyDown(editor, { key: 'Enter' });
    expect(editor.querySelector('span.mention')).toHaveAttribute('data-mention', '22');
    typeInto(editor, 'and @p');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    fireEvent.keyDown(editor, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('uploads an inline image as an embedded attachment and inserts it', async () => {
    let form: FormData | null = null;
    server.use(
      http.post('*/api/attachments', async ({ request }) => {
        form = await request.formData();
        return HttpResponse.json({ id: 55, url: '/api/attachments/55/tok' }, { status: 201 });
      }),
    );
    const onImage = vi.fn();
    renderWithProviders(<RichEditor onChange={vi.fn()} operators={operators} onImage={onImage} />);
    await userEvent.upload(screen.getByLabelText('Insert image'), new File(['png'], 'shot.png', { type: 'image/png' }));
    await waitFor(() => expect(onImage).toHaveBeenCalledWith(55));
    expect((form as unknown as FormData).get('is_embedded')).toBe('1');
    expect((form as unknown as FormData).has('file')).toBe(true);
    const img = screen.getByRole('textbox', { name: 'Message' }).querySelector('img');
    expect(img).toHaveAttribute('src', '/api/attachments/55/tok');
    expect(img).toHaveAttribute('data-attachment-id', '55');
    expect(screen.queryByText('Uploading…')).toBeNull();
  });

  it('ends the loading state silently when the upload fails', async () => {
    let answered = false;
    server.use(
      http.post('*/api/attachments', () => {
        answered = true;
        return HttpResponse.json({ message: 'Upload failed badly.' }, { status: 500 });
      }),
    );
    const onImage = vi.fn();
    renderWithProviders(<RichEditor onChange={vi.fn()} operators={operators} onImage={onImage} />);
    const file = screen.getByLabelText('Insert image');
    await userEvent.upload(file, new File(['png'], 'shot.png', { type: 'image/png' }));
    await waitFor(() => expect(answered).toBe(true));
    await waitFor(() => expect(screen.queryByText('Uploading…')).toBeNull());
    expect(file).not.toBeDisabled();
    expect(screen.queryByText('Upload failed badly.')).toBeNull();
    expect(screen.queryAllByTestId('toast')).toHaveLength(0);
    expect(onImage).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Message' }).querySelector('img')).toBeNull();
  });
});
