import { useEffect, useState } from 'react';
import { useTranslation } from './i18n';
import { serverMessage } from './i18n/server-messages';

export const TOAST_DURATION_MS = 5000;

export type Toast = { id: number; kind: 'success' | 'error'; title: string; lines: string[]; strong: boolean };
type Listener = (toasts: Toast[]) => void;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function emit() {
  for (const l of listeners) l(toasts);
}

function push(kind: Toast['kind'], title: string, lines: string[] = [], strong = false) {
  const item = { id: nextId++, kind, title, lines, strong };
  toasts = [...toasts, item];
  emit();
  setTimeout(() => dismiss(item.id), TOAST_DURATION_MS);
}

export function dismiss(id: number) {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export const toast = {
  success: (title: string) => push('success', title),
  error: (title: string, lines: string[] = [], strong = false) => push('error', title, lines, strong),
  clearAll() {
    toasts = [];
    emit();
  },
};

/** The lines worth showing under a title: none that repeats it, none twice. */
export function distinctLines(title: string, lines: string[]): string[] {
  return lines.filter((line, i) => line.trim() !== title.trim() && lines.indexOf(line) === i);
}

/** The toasts, with the server's known messages in the interface language. */
export function Toaster({ closeLabel }: { closeLabel: string }) {
  const { t } = useTranslation();
  const [items, setItems] = useState<Toast[]>(toasts);
  useEffect(() => {
    listeners.add(setItems);
    return () => {
      listeners.delete(setItems);
    };
  }, []);
  return (
    <div className="toaster" role="status" aria-live="polite">
      {items.map((item) => (
        <div key={item.id} className={`toast toast-${item.kind}`} data-testid="toast">
          <div>
            {item.strong ? <strong>{serverMessage(item.title, t)}</strong> : <span>{serverMessage(item.title, t)}</span>}
            {distinctLines(item.title, item.lines).length > 0 && (
              <ul>
                {distinctLines(item.title, item.lines).map((line, i) => (
                  <li key={i}>{serverMessage(line, t)}</li>
                ))}
              </ul>
            )}
          </div>
          <button type="button" className="toast-close" aria-label={closeLabel} onClick={() => dismiss(item.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
