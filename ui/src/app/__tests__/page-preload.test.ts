import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { pageModules, pickPage } from '../../../vite-plugins/page-preload';
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
