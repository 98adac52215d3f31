import { useEffect, useId, useRef, useState } from 'react';
import type { Operator } from '@/types/operator';
import { useTranslation } from '@/lib/i18n';
import { uploadEmbeddedImage } from '@/components/form/api/upload-attachment';

export const EDITOR_DEFAULT_HEIGHT = 310;
const MENTION = /(?:^|\s)@([^\s@]*)$/;

type Props = {
  label?: string;
  initialHtml?: string;
  onChange: (html: string) => void;
  operators: Operator[];
  height?: number;
  /** Called with each inline image's attachment id, for attachment_ids[]. */
  onImage?: (id: number | string) => void;
  /** A form's error about the text: marks the editor and names the message describing it. */
  invalid?: boolean;
  describedBy?: string;
};

/** The text node the caret sits in (or the editor's last one) and the caret offset. */
function caretText(editor: HTMLElement): { node: Text; offset: number } | null {
  const sel = window.getSelection();
  const anchor = sel?.anchorNode;
  if (anchor && anchor.nodeType === Node.TEXT_NODE && editor.contains(anchor)) return { node: anchor as Text, offset: sel!.anchorOffset };
  const walker = document.createTreeWalker(editor, NodeFilter.SHOW_TEXT);
  let last: Text | null = null;
  while (walker.nextNode()) last = walker.currentNode as Text;
  return last ? { node: last, offset: last.length } : null;
}

function placeCaretAfter(node: Node) {
  const sel = window.getSelection();
  if (!sel) return;
  const range = document.createRange();
  range.setStartAfter(node);
  range.collapse(true);
  sel.removeAllRanges();
  sel.addRange(range);
}

/**
 * A contenteditable editor. Typing '@' lists operators filtered by what follows; picking
 * one inserts a mention the API turns into a notification. Images upload inline.
 */
export function RichEditor({ label: labelText, initialHtml = '', onChange, operators, height = EDITOR_DEFAULT_HEIGHT, onImage, invalid, describedBy }: Props) {
  const { t } = useTranslation('operator');
  const label = labelText ?? t('Message');
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const [mention, setMention] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const [uploading, setUploading] = useState(false);

  // The editor owns its content after the first render; initialHtml is read once.
  const initial = useRef(initialHtml);
  useEffect(() => {
    if (ref.current) ref.current.innerHTML = initial.current;
  }, []);

  const matches =
    mention === null ? [] : operators.filter((o) => o.full_name.toLowerCase().includes(mention.toLowerCase())).slice(0, 8);

  const emit = () => onChange(ref.current?.innerHTML ?? '');

  const readMention = () => {
    const editor = ref.current;
    const at = editor && caretText(editor);
    const m = at ? MENTION.exec(at.node.data.slice(0, at.offset)) : null;
    setMention(m ? m[1] : null);
    setActive(0);
  };

  const insertMention = (op: Operator) => {
    const editor = ref.current;
    const at = editor && caretText(editor);
    if (!editor || !at) return;
    const before = at.node.data.slice(0, at.offset);
    const after = at.node.data.slice(at.offset);
    const start = before.lastIndexOf('@');
    at.node.data = before.slice(0, start);
    const span = document.createElement('span');
    span.className = 'mention';
    span.contentEditable = 'false';
    span.dataset.mention = String(op.id);
    span.textContent = `@${op.full_name}`;
    const rest = document.createTextNode(`\u00a0${after}`);
    at.node.after(span, rest);
    placeCaretAfter(span);
    setMention(null);
    emit();
  };

  const insertImage = (url: string, attachmentId: number | string, name: string) => {
    const editor = ref.current;
    if (!editor) return;
    const img = document.createElement('img');
    img.src = url;
    img.alt = name;
    img.dataset.attachmentId = String(attachmentId);
    img.style.maxWidth = '100%';
    editor.appendChild(img);
    emit();
  };

  const upload = async (file: File) => {
    setUploading(true);
    try {
      const result = await uploadEmbeddedImage(file);
      insertImage(result.url, result.id, file.name);
      onImage?.(result.id);
    } catch {
      // A failed inline upload only ends the loading state (SPEC §8).
    } finally {
      setUploading(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  return (
    <div className="rich-editor" aria-busy={uploading}>
      <div className="rich-editor-toolbar">
        <label className="button">
          {t('Insert image')}
          <input
            ref={fileRef}
            type="file"
            accept="image/*"
            className="visually-hidden"
            disabled={uploading}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void upload(file);
            }}
          />
        </label>
        {uploading && (
          <span role="status" className="muted">
            {t('Uploading…')}
          </span>
        )}
      </div>
      <div
        id={id}
        ref={ref}
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-autocomplete="list"
        aria-controls={mention !== null ? `${id}-mentions` : undefined}
        contentEditable
        suppressContentEditableWarning
        className="rich-editor-content"
        style={{ height, overflowY: 'auto', border: '1px solid #8a94a3', borderRadius: 6, padding: '0.5rem', background: '#fff' }}
        onInput={() => {
          readMention();
          emit();
        }}
        onKeyDown={(e) => {
          if (mention === null || matches.length === 0) return;
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setActive((a) => Math.min(a + 1, matches.length - 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((a) => Math.max(a - 1, 0));
          } else if (e.key === 'Enter' || e.key === 'Tab') {
            e.preventDefault();
            insertMention(matches[active]);
          } else if (e.key === 'Escape') setMention(null);
        }}
      />
      {mention !== null && matches.length > 0 && (
        <ul id={`${id}-mentions`} role="listbox" aria-label={t('Mention an operator')} className="mention-list">
          {matches.map((op, i) => (
            <li
              key={op.id}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => insertMention(op)}
            >
              {op.full_name}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The ids of operators mentioned in editor HTML. */
export function mentionedOperatorIds(html: string): string[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return [...doc.querySelectorAll<HTMLElement>('[data-mention]')].map((el) => el.dataset.mention ?? '');
}
