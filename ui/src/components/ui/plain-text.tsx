import { textParts } from '@/lib/linkify';

/** How a message's text is meant; messages from before the field: a client's is text. */
export function messageFormat(message: { format?: string | null; is_from_client?: number | boolean }): 'text' | 'html' {
  if (message.format === 'text' || message.format === 'html') return message.format;
  return Number(message.is_from_client) ? 'text' : 'html';
}

/**
 * A client's text as text: line breaks kept, web and mail addresses as links. Built
 * from elements, so markup in the text is shown, never interpreted.
 */
export function PlainText({ text, className = 'message-text' }: { text: string; className?: string }) {
  return (
    <div className={className} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {textParts(text).map((part, i) =>
        part.kind === 'link' ? (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow">
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </div>
  );
}
