import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { firstFrameHtml } from '../../../vite-plugins/first-frame';
import { LANGUAGES } from '@/lib/i18n';

const NAMES = {
  portal: { nl: 'Portaal', en: 'Portal', de: 'Portal' },
  workspace: { nl: 'Werkplek', en: 'Workspace', de: 'Arbeitsbereich' },
};

/** The names of the first frame a reader sees with `<html>` marked as the page-preload script does. */
function shownNames(frame: string | null, lang: string): string[] {
  const html = document.documentElement;
  if (frame) html.setAttribute('data-frame', frame);
  else html.removeAttribute('data-frame');
  html.lang = lang;
  const visible = (element: Element | null): boolean =>
    element === null || element === document.body || (getComputedStyle(element).display !== 'none' && visible(element.parentElement));
  return [...document.querySelectorAll('.first-frame .brand')].filter(visible).map((element) => element.textContent ?? '');
}

describe('the frame index.html draws before the app runs', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    document.documentElement.removeAttribute('data-frame');
  });

  it("shows the audience's name in the language marked, and only that one", () => {
    const style = document.createElement('style');
    style.textContent = readFileSync(resolve(__dirname, '..', 'styles.css'), 'utf8');
    document.head.append(style);
    document.body.innerHTML = `<div id="root">${firstFrameHtml(NAMES)}</div>`;
    for (const language of LANGUAGES) {
      expect(shownNames('portal', language)).toEqual([NAMES.portal[language]]);
      expect(shownNames('workspace', language)).toEqual([NAMES.workspace[language]]);
    }
    // the sign-in page and unknown addresses: no page matched, no bar
    expect(shownNames(null, 'nl')).toEqual([]);
    expect(getComputedStyle(document.querySelector('.first-frame')!).display).toBe('none');
  });

  it('writes names as text, never as markup', () => {
    const html = firstFrameHtml({ portal: { en: '<b>A & B</b>' }, workspace: {} });
    document.body.innerHTML = html;
    expect(document.querySelector('.first-frame b')).toBeNull();
    expect(document.querySelector('.first-frame .brand')?.textContent).toBe('<b>A & B</b>');
  });
});
