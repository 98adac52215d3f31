import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import type { Id, Message } from '@/types/models';
import { formatDateTime } from '@/lib/format';
import { useLookupLabel } from '@/lib/i18n';
import { messageFormat, PlainText } from './plain-text';
import { MailOrigin } from './mail-origin';

/** The frame grows to its content, plus 16 px for the body margin. */
export function fitFrame(frame: HTMLIFrameElement) {
  const height = frame.contentDocument?.body?.scrollHeight;
  if (height) frame.style.height = `${height + 16}px`;
}

// Messages come from the server already limited to what a client may see. A client's
// text is shown as text; an operator's (sanitised) HTML in a sandboxed frame, so no
// script in a message runs in the portal.
export function MessageThread({
  messages,
  emptyText,
  title,
  statusChanged,
}: {
  messages: Message[];
  emptyText: string;
  title: string;
  /** The text of a 'status-changed' message, from the status it moved to. */
  statusChanged?: (status: { id: Id; name: string }) => string;
}) {
  const lookupLabel = useLookupLabel();
  // A search result opens the ticket at #message-{id}: that message is scrolled to and marked.
  const highlighted = /^#message-(.+)$/.exec(useLocation().hash)?.[1];
  useEffect(() => {
    if (highlighted) document.getElementById(`message-${highlighted}`)?.scrollIntoView?.({ block: 'center' });
  }, [highlighted, messages.length]);
  if (messages.length === 0) return <p className="muted">{emptyText}</p>;
  return (
    <ol className="thread" aria-label={title}>
      {messages.map((m) => (
        <li
          key={m.id}
          id={`message-${m.id}`}
          className={`${m.is_from_client ? 'message from-client' : 'message'}${String(m.id) === highlighted ? ' highlighted' : ''}`}
          aria-current={String(m.id) === highlighted ? 'true' : undefined}
        >
          <div className="message-meta">
            <strong>{m.actor?.full_name ?? ''}</strong> <time dateTime={m.created_at ?? undefined}>{formatDateTime(m.created_at)}</time>
          </div>
          <MailOrigin message={m} />
          {m.type === 'status-changed' && m.data?.status ? (
            <p className="status-change">{statusChanged ? statusChanged(m.data.status) : lookupLabel(m.data.status.name)}</p>
          ) : messageFormat(m) === 'text' ? (
            <PlainText text={m.message} />
          ) : (
            <iframe
              className="message-body"
              title={`${title} ${m.id}`}
              // No scripts run in a message; same-origin only lets the frame be measured.
              sandbox="allow-same-origin allow-popups"
              srcDoc={`<base target="_blank">${m.message}`}
              onLoad={(e) => fitFrame(e.currentTarget)}
            />
          )}
          {m.attachments.length > 0 && (
            <ul className="attachments">
              {m.attachments.map((a) => (
                <li key={a.id}>
                  <a href={a.url} download={a.name}>
                    {a.name}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
