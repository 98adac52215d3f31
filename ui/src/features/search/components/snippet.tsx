// A result's snippet: the server sends HTML-escaped text with <mark>..</mark> around the
// hits. Only <mark> becomes an element; everything else is shown as text, whatever it holds.
import type { ReactNode } from 'react';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", '#x27': "'", nbsp: '\u00a0' };

/** The text of escaped HTML: the entities back to characters (unknown ones stay as written). */
export function unescapeText(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    const known = ENTITIES[name.toLowerCase()];
    if (known !== undefined) return known;
    if (/^#x/i.test(name)) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return whole;
  });
}

/** The snippet split into text and marked parts. */
export function snippetParts(snippet: string): { text: string; marked: boolean }[] {
  const parts: { text: string; marked: boolean }[] = [];
  const pattern = /<mark>([\s\S]*?)<\/mark>/g;
  let last = 0;
  for (let m = pattern.exec(snippet); m; m = pattern.exec(snippet)) {
    if (m.index > last) parts.push({ text: unescapeText(snippet.slice(last, m.index)), marked: false });
    parts.push({ text: unescapeText(m[1]), marked: true });
    last = m.index + m[0].length;
  }
  if (last < snippet.length) parts.push({ text: unescapeText(snippet.slice(last)), marked: false });
  return parts;
}

export function Snippet({ snippet }: { snippet: string }) {
  const nodes: ReactNode[] = snippetParts(snippet).map((part, i) => (part.marked ? <mark key={i}>{part.text}</mark> : part.text));
  return <span className="search-snippet">{nodes}</span>;
}
