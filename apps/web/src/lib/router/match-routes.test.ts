import { describe, expect, it } from 'vitest';
import { matchRoutes, type RouteObject } from './match-routes.ts';

const layout: RouteObject = { path: undefined };
const routes: RouteObject[] = [
  {
    ...layout,
    children: [
      { index: true },
      { path: 'category/:categoryId', children: [{ path: 'item/:itemId' }] },
      { path: 'owner/:ownerId' },
      { path: 'owner/:ownerId/items' },
      { element: null, children: [{ path: 'edit-item/:itemId?' }, { path: 'payment/card' }] },
      { path: '*' },
    ],
  },
];

function match(pathname: string) {
  const found = matchRoutes(routes, pathname);
  if (!found) return null;
  const last = found[found.length - 1]!;
  return {
    depth: found.length,
    route: last.route.path ?? (last.route.index ? 'index' : 'layout'),
    params: last.params,
    pathname: last.pathname,
  };
}

describe('matchRoutes', () => {
  it.each([
    ['/', { depth: 2, route: 'index', params: {}, pathname: '/' }],
    ['/category/all', { depth: 2, route: 'category/:categoryId', params: { categoryId: 'all' }, pathname: '/category/all' }],
    ['/category/all/', { depth: 2, route: 'category/:categoryId', params: { categoryId: 'all' }, pathname: '/category/all' }],
    [
      '/Category/power-tools',
      { depth: 2, route: 'category/:categoryId', params: { categoryId: 'power-tools' }, pathname: '/Category/power-tools' },
    ],
    [
      '/category/all/item/i-1',
      { depth: 3, route: 'item/:itemId', params: { categoryId: 'all', itemId: 'i-1' }, pathname: '/category/all/item/i-1' },
    ],
    ['/owner/u%201', { depth: 2, route: 'owner/:ownerId', params: { ownerId: 'u 1' }, pathname: '/owner/u%201' }],
    ['/owner/u1/items', { depth: 2, route: 'owner/:ownerId/items', params: { ownerId: 'u1' }, pathname: '/owner/u1/items' }],
    ['/edit-item', { depth: 3, route: 'edit-item/:itemId?', params: {}, pathname: '/edit-item' }],
    ['/edit-item/i-9', { depth: 3, route: 'edit-item/:itemId?', params: { itemId: 'i-9' }, pathname: '/edit-item/i-9' }],
    ['/payment/card', { depth: 3, route: 'payment/card', params: {}, pathname: '/payment/card' }],
    ['/payment', { depth: 2, route: '*', params: { '*': 'payment' }, pathname: '/payment' }],
    [
      '/category/all/item/i-1/more',
      { depth: 2, route: '*', params: { '*': 'category/all/item/i-1/more' }, pathname: '/category/all/item/i-1/more' },
    ],
  ])('%s', (pathname, expected) => {
    expect(match(pathname)).toEqual(expected);
  });

  it('gives each route the params of its parents but not of its children', () => {
    const found = matchRoutes(routes, '/category/tools/item/i-1')!;
    expect(found.map((m) => m.params)).toEqual([{}, { categoryId: 'tools' }, { categoryId: 'tools', itemId: 'i-1' }]);
    expect(found.map((m) => m.pathname)).toEqual(['/', '/category/tools', '/category/tools/item/i-1']);
  });

  it('matches nothing when no route fits and there is no catch-all', () => {
    expect(matchRoutes([{ path: 'a', children: [{ path: 'b' }] }], '/a/c')).toBeNull();
    expect(matchRoutes([{ children: [{ path: 'b' }] }], '/')).toBeNull();
  });

  it('keeps a malformed escape as it was instead of failing', () => {
    expect(matchRoutes([{ path: 'owner/:id' }], '/owner/%E0%A4%A')![0]!.params).toEqual({ id: '%E0%A4%A' });
  });
});
