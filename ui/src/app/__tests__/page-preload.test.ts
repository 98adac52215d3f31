import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { pageModules, pickLanguage, pickPage } from '../../../vite-plugins/page-preload';
import { WORKSPACE_SHARED } from '../../../vite-plugins/chunk-groups';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@/lib/i18n';
import { operatorRoutes } from '../operator-routes';
import { routes } from '../routes';

const source = (file: string) => readFileSync(resolve(__dirname, '..', file), 'utf8');

/** Every path of a page that loads its own code (`lazy`), under `prefix`. */
function lazyPaths(list: RouteObject[], prefix = ''): string[] {
  return list.flatMap((route) => {
    const path = route.path ? `${prefix}/${route.path}`.replace(/\/+/g, '/') : prefix;
    return [...(route.lazy && route.path ? [path] : []), ...lazyPaths(route.children ?? [], path)];
  });
}

describe('the first page chunk preloaded from index.html', () => {
  it('knows the module of every portal and workspace page the routers load lazily', () => {
    const known = new Set([
      ...pageModules(source('routes.tsx'), { prefix: '', call: 'guarded' }),
      ...pageModules(source('operator-routes.tsx'), { prefix: '/operator', call: 'page' }),
    ].map(([path]) => path));
    const portal = lazyPaths(routes).filter((path) => !/^\/(login|password|msgraph)/.test(path));
    const workspace = lazyPaths(operatorRoutes);
    expect(workspace.length).toBeGreaterThan(40);
    expect([...portal, ...workspace].filter((path) => !known.has(path))).toEqual([]);
  });

  it('names the module each route imports', () => {
    const table = new Map(pageModules(source('operator-routes.tsx'), { prefix: '/operator', call: 'page' }));
    expect(table.get('/operator/tickets/:id')).toBe('@/features/tickets/components/operator/ticket-detail-page');
    expect(table.get('/operator/tickets/templates/:id')).toBe('@/components/records/resource-pages');
  });

  it('prefers a path written out over a parameter, as the router does', () => {
    const table: [string, number[]][] = [
      ['/operator/tickets/:id', [1]],
      ['/operator/tickets/templates', [2]],
      ['/operator/tickets/templates/:id', [3]],
      ['/tickets/:id', [4]],
    ];
    expect(pickPage('/operator/tickets/templates', table)).toEqual([2]);
    expect(pickPage('/operator/tickets/templates/7', table)).toEqual([3]);
    expect(pickPage('/operator/tickets/abc/', table)).toEqual([1]);
    expect(pickPage('/tickets/abc', table)).toEqual([4]);
    expect(pickPage('/quotes', table)).toBeNull();
  });
});

describe("the workspace's texts preloaded with its first page", () => {
  it('takes the language last chosen, else the default', () => {
    expect(pickLanguage('de', DEFAULT_LANGUAGE, [...LANGUAGES])).toBe('de');
    expect(pickLanguage('en', DEFAULT_LANGUAGE, [...LANGUAGES])).toBe('en');
    expect(pickLanguage(null, DEFAULT_LANGUAGE, [...LANGUAGES])).toBe('nl');
    expect(pickLanguage('fr', DEFAULT_LANGUAGE, [...LANGUAGES])).toBe('nl');
  });
});

const SRC = resolve(__dirname, '..', '..');

/** The file a static import names ('@/x', './x', '../x'), or null for a library. */
function resolveImport(from: string, spec: string): string | null {
  const base = spec.startsWith('@/') ? resolve(SRC, spec.slice(2)) : spec.startsWith('.') ? resolve(from, '..', spec) : null;
  if (!base) return null;
  return ['.ts', '.tsx', '/index.ts', '/index.tsx', ''].map((ext) => base + ext).find((f) => /\.(ts|tsx)$/.test(f) && existsSync(f)) ?? null;
}

/** Every module of the app a module loads with it (static imports, not `import type`, not `import()`). */
function staticClosure(start: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const m of code.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'|^import\s+'([^']+)'/gm)) {
      const found = resolveImport(file, m[1] ?? m[2]);
      if (found) visit(found);
    }
  };
  visit(start);
  return seen;
}

describe('the shared chunks of the build', () => {
  it('keeps the workspace chunk out of every portal page and of the entry', () => {
    const portalPages = pageModules(source('routes.tsx'), { prefix: '', call: 'guarded' }).map(([, module]) => module);
    const starts = [resolve(SRC, 'main.tsx'), ...portalPages.map((module) => resolveImport(resolve(SRC, 'x.ts'), module)!)];
    expect(starts.every(Boolean)).toBe(true);
    const loaded = [...new Set(starts.flatMap((file) => [...staticClosure(file)]))];
    expect(loaded.length).toBeGreaterThan(50);
    expect(loaded.filter((file) => WORKSPACE_SHARED.test(file))).toEqual([]);
  });

  it('catches the modules the workspace pages share', () => {
    const workspace = staticClosure(resolve(SRC, 'components/records/resource-pages.tsx'));
    expect([...workspace].filter((file) => WORKSPACE_SHARED.test(file)).length).toBeGreaterThan(10);
  });
});
