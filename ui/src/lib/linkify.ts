import { tokenize } from 'linkifyjs';

/** A piece of a client's text: words as they are, or a link to make clickable. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** The href a link may carry: http(s) and mailto only; anything else stays text. */
export function safeHref(href: string): string | null {
  try {
    const url = new URL(href);
    return SAFE_PROTOCOLS.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Split text into plain pieces and links (web addresses and e-mail addresses), for
 * rendering as elements: the text is never parsed as HTML.
 */
export function textParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  const push = (piece: string) => {
    const last = parts[parts.length - 1];
    if (last?.kind === 'text') last.text += piece;
    else parts.push({ kind: 'text', text: piece });
  };
  for (const token of tokenize(text)) {
    const piece = token.toString();
    const href = token.isLink ? safeHref(token.toHref('https')) : null;
    if (href) parts.push({ kind: 'link', text: piece, href });
    else push(piece);
  }
  return parts;
}
