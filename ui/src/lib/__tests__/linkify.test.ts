import { tokenize } from 'linkifyjs';
import { describe, expect, it } from 'vitest';
import { mayLink, textParts } from '../linkify';

const linksIn = (text: string) => tokenize(text).filter((token) => token.isLink).length;

// characters links are made of, and the ones around them in messages
const POOL = [
  ...'abcxyzEMN019 -_/#?=&%+~,;!()[]<>"\'\n\t',
  '.', '.', '.', ':', '@', '\u3002', '\uff0e', 'é', 'ß', 'ü',
  'http', 'https', 'www', 'mailto', 'localhost', 'com', 'nl', 'de', 'io', '192', '168', '0', '1',
];

/** A deterministic stream of texts drawn from POOL (no dependence on Math.random). */
function* texts(count: number): Generator<string> {
  let seed = 20261127;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < count; i++) {
    const length = 1 + Math.floor(next() * 12);
    yield Array.from({ length }, () => POOL[Math.floor(next() * POOL.length)]).join('');
  }
}

describe('the link pre-check', () => {
  it('never skips a text in which linkify finds a link', () => {
    const missed: string[] = [];
    let checked = 0;
    for (const text of texts(20000)) {
      if (!mayLink(text)) {
        checked++;
        if (linksIn(text) > 0) missed.push(text);
      }
    }
    expect(checked).toBeGreaterThan(1000);
    expect(missed).toEqual([]);
  });

  it('finds the links it should and skips plain sentences', () => {
    for (const text of ['see example.com', 'mail jan@example.nl', 'https://x.io/a', 'http://localhost:8000', 'www.test.de', 'VOORBEELD.NL', '192.168.0.1']) {
      expect(mayLink(text), text).toBe(true);
    }
    for (const text of ['The printer is broken. Can you help?', 'Regel1\nregel2', 'Printer - 3e verdieping, kamer 12', '']) {
      expect(mayLink(text), text).toBe(false);
      expect(linksIn(text), text).toBe(0);
    }
  });

  it('returns skipped text whole', () => {
    expect(textParts('The printer is broken. Can you help?')).toEqual([{ kind: 'text', text: 'The printer is broken. Can you help?' }]);
    expect(textParts('')).toEqual([]);
    expect(textParts('see example.com now')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'example.com', href: 'https://example.com/' },
      { kind: 'text', text: ' now' },
    ]);
  });
});
