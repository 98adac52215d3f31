// Starts the download of the first page's own code with the entry's, not after it: the
// built index.html gets a small script that matches the address against the route tables
// and adds <link rel="modulepreload"> for that page's chunk and the chunks it imports
// (and, in the workspace, for `operator-routes`, which the page's chunk would wait for).
// On a phone's slow network that is one or two round trips fewer before the page draws.
// It also marks <html> with the address's audience and the language last chosen, for the
// frame index.html draws before the app runs (first-frame.ts).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/** A route table's file, and the prefix its paths sit under. */
export type RouteTable = { file: string; prefix: string; call: string };

/**
 * [path pattern, module] for each route of `source` declared as
 * `call('path', ..., import('module'))`; a route built from a list of paths
 * (`call(\`${path}/:id\`, ...)` over `['path', 'route']` pairs) stands for each of them.
 */
export function pageModules(source: string, { prefix, call }: Omit<RouteTable, 'file'>): [string, string][] {
  const listed = [...source.matchAll(/^\s*\['([^']+)', '[^']+'\],?$/gm)].map((m) => m[1]);
  const line = new RegExp(`${call}\\(\\s*(?:'([^']*)'|\`\\$\\{path\\}([^\`]*)\`|path)[^\\n]*?import\\('([^']+)'\\)`, 'g');
  const found: [string, string][] = [];
  for (const m of source.matchAll(line)) {
    const paths = m[1] === undefined ? listed.map((path) => path + (m[2] ?? '')) : [m[1]];
    for (const path of paths) found.push([`${prefix}/${path}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1'), m[3]]);
  }
  return found;
}

/** The entry of `table` (pattern -> chunk indexes) that matches `path` best, or null. */
export function pickPage(path: string, table: [string, number[]][]): number[] | null {
  let best: number[] | null = null;
  let bestScore = -1;
  const parts = path.replace(/\/+$/, '').split('/');
  for (const [pattern, chunks] of table) {
    const want = pattern.split('/');
    if (parts.length !== want.length) continue;
    let score = 0;
    let ok = true;
    for (let i = 0; i < want.length && ok; i++) {
      if (want[i][0] === ':') score += 1;
      else if (want[i] === parts[i]) score += 2;
      else ok = false;
    }
    if (ok && score > bestScore) {
      best = chunks;
      bestScore = score;
    }
  }
  return best;
}

type Chunk = { type: 'chunk'; fileName: string; isEntry: boolean; facadeModuleId: string | null; imports: string[]; viteMetadata?: { importedCss: Set<string> } };

/**
 * Texts a prefix's pages load in the language shown: the module of each language (null for
 * one that needs none), the localStorage key that holds the language last chosen, and the
 * language used when none is stored. Preloaded with the page, they arrive beside its code
 * instead of once the app has started and asked for them.
 */
export type LanguageTexts = { prefix: string; storageKey: string; fallback: string; modules: Record<string, string | null> };

/** The language whose texts to preload: the stored one when it is known, else the fallback. */
export function pickLanguage(stored: string | null, fallback: string, languages: string[]): string {
  return stored !== null && languages.includes(stored) ? stored : fallback;
}

/** The plugin: `tables` are the route files (relative to the project root). */
export function pagePreload(tables: RouteTable[], always: Record<string, string> = {}, texts?: LanguageTexts): Plugin {
  let root = process.cwd();
  let base = '/';
  let scriptFile = '';
  return {
    name: 'ledgerdesk-page-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    // Before the HTML is written (the build's own generateBundle), so its tag can name the file.
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk') as unknown as Chunk[];
        const loaded = new Set<string>();
        const walk = (name: string) => {
          if (loaded.has(name)) return;
          loaded.add(name);
          chunks.find((c) => c.fileName === name)?.imports.forEach(walk);
        };
        chunks.filter((c) => c.isEntry).forEach((c) => walk(c.fileName));
        const bySource = (module: string) => {
          const wanted = resolve(root, module.replace(/^@\//, 'src/')).replace(/\.[tj]sx?$/, '');
          return chunks.find((c) => c.facadeModuleId && [wanted, `${wanted}/index`].includes(c.facadeModuleId.replace(/\.[tj]sx?$/, '')));
        };
        // the files of a module's chunk and everything it imports that the entry does not
        const filesOf = (module: string): string[] => {
          const start = bySource(module);
          if (!start) return [];
          const files: string[] = [];
          const visit = (name: string) => {
            if (loaded.has(name) || files.includes(name)) return;
            files.push(name);
            const chunk = chunks.find((c) => c.fileName === name);
            chunk?.viteMetadata?.importedCss.forEach((css) => files.includes(css) || files.push(css));
            chunk?.imports.forEach(visit);
          };
          visit(start.fileName);
          return files;
        };
        const names: string[] = [];
        const index = (file: string) => (names.includes(file) ? names.indexOf(file) : names.push(file) - 1);
        const table: [string, number[]][] = [];
        for (const { file, ...how } of tables) {
          const extra = Object.entries(always).filter(([prefix]) => how.prefix === prefix).flatMap(([, module]) => filesOf(module));
          for (const [pattern, module] of pageModules(readFileSync(resolve(root, file), 'utf8'), how)) {
            const files = [...new Set([...extra, ...filesOf(module)])];
            if (files.length) table.push([pattern, files.map(index)]);
          }
        }
        // language -> the files of its texts (those the entry does not load already)
        const languageFiles = Object.fromEntries(
          Object.entries(texts?.modules ?? {}).map(([language, module]) => [language, module ? filesOf(module).map(index) : []]),
        );
        const inline = (f: (...args: never[]) => unknown) => f.toString().replace(/\n\s*/g, '');
        // A file of its own, not inline: the pages' Content-Security-Policy allows scripts from 'self' only.
        const script =
          `(function(){var pickPage=${inline(pickPage)},pickLanguage=${inline(pickLanguage)};` +
          `var f=${JSON.stringify(names)},b=${JSON.stringify(base)},p=location.pathname;` +
          `if(p.indexOf(b)===0)p='/'+p.slice(b.length);` +
          `var want=(pickPage(p,${JSON.stringify(table)})||[]).slice();` +
          (texts
            ? `var t=${JSON.stringify(languageFiles)},s=null,d=document.documentElement;` +
              `try{s=localStorage.getItem(${JSON.stringify(texts.storageKey)})}catch(e){}` +
              `var l=pickLanguage(s,${JSON.stringify(texts.fallback)},Object.keys(t)),w=(p+'/').indexOf(${JSON.stringify(texts.prefix + '/')})===0;` +
              // the first frame (first-frame.ts) shows the audience's bar in the page's language
              `d.lang=l;if(want.length){d.setAttribute('data-frame',w?'workspace':'portal');if(w)want=want.concat(t[l]);}`
            : '') +
          `want.forEach(function(i){var l=document.createElement('link'),c=/\\.css$/.test(f[i]);` +
          `l.rel=c?'preload':'modulepreload';if(c)l.as='style';l.crossOrigin='';l.href=b+f[i];document.head.appendChild(l);});})();`;
        scriptFile = this.getFileName(this.emitFile({ type: 'asset', name: 'page-preload.js', source: script }));
      },
    },
    transformIndexHtml: {
      order: 'post',
      // parser-blocking at the end of the head: tiny, it arrives long before the entry's libraries
      handler: () => (scriptFile ? [{ tag: 'script', attrs: { src: base + scriptFile }, injectTo: 'head' }] : []),
    },
  };
}
