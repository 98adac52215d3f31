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
 * What every link linkify finds holds: a scheme's ':' (http:, mailto:), an e-mail's '@',
 * a domain's dot followed by a letter or digit, or localhost. Text without any of them is
 * returned whole without building linkify's scanner, the larger part of the first
 * message's drawing on a slow phone.
 */
const MAY_LINK = /[:@]|\.[\p{L}\p{N}]|localhost/iu;

/** Whether text may hold a link; false means linkify would find none. */
export function mayLink(text: string): boolean {
  return MAY_LINK.test(text);
}

/**
 * Split text into plain pieces and links (web addresses and e-mail addresses), for
 * rendering as elements: the text is never parsed as HTML.
 */
export function textParts(text: string): TextPart[] {
  if (!mayLink(text)) return text ? [{ kind: 'text', text }] : [];
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
