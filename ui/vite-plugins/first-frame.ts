// The first frame: the bar of the portal or of the workspace, written into index.html, so
// a phone draws the frame as soon as the document and its stylesheet have arrived instead
// of after the app's libraries (some 100 KB over a slow network) have arrived and run.
// React's first render replaces it (createRoot empties #root). The page-preload script
// (page-preload.ts) marks <html> with the audience of the address (`data-frame`) and the
// language last chosen (`lang`); app/styles.css shows the one matching name, and nothing
// where no page matched (the sign-in page, an unknown address).
import type { Plugin } from 'vite';

/** The name each frame's bar shows, per language. */
export type FrameNames = Record<'portal' | 'workspace', Record<string, string>>;

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The frame's markup: one name per audience and language, all but one hidden by the stylesheet. */
export function firstFrameHtml(names: FrameNames): string {
  const spans = Object.entries(names).flatMap(([frame, byLanguage]) =>
    Object.entries(byLanguage).map(([language, name]) => `<span class="brand" data-frame="${frame}" lang="${language}">${escapeHtml(name)}</span>`),
  );
  return `<div class="first-frame"><header class="first-frame-bar">${spans.join('')}</header></div>`;
}

export function firstFrame(names: FrameNames): Plugin {
  const root = '<div id="root"></div>';
  return {
    name: 'ledgerdesk-first-frame',
    transformIndexHtml(html) {
      if (!html.includes(root)) throw new Error(`index.html has no ${root} to draw the first frame in`);
      return html.replace(root, `<div id="root">${firstFrameHtml(names)}</div>`);
    },
  };
}
