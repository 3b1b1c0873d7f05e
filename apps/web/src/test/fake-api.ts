import type { CategoriesResponse, ItemsPage, ItemSummary } from '@toolshed/core/contract';
import { vi } from 'vitest';

/** A handler answers one request; the URL's pathname and query are parsed for it. */
export type FakeHandler = (url: URL) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
}

export function apiError(status: number, code: string, message: string): Response {
  return json({ error: { code, message } }, status);
}

export function html(status = 200): Response {
  return new Response('<!doctype html><html><body><div id="root"></div></body></html>', {
    status,
    headers: { 'content-type': 'text/html' },
  });
}

/**
 * Replaces globalThis.fetch (the only thing mocked: the app's code runs for real) and records each
 * requested URL. Unhandled paths answer 404 in the API's error format.
 */
export function fakeFetch(routes: Record<string, FakeHandler>) {
  const calls: URL[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    calls.push(url);
    const route = Object.keys(routes).find((pattern) => new RegExp(`^${pattern}$`).test(url.pathname));
    return route ? routes[route]!(url) : apiError(404, 'NOT_FOUND', 'Not found');
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** Requests for a category's items, newest last. */
    itemRequests: () => calls.filter((u) => u.pathname.includes('/items')),
  };
}

export const categories: CategoriesResponse = {
  categories: [
    {
      id: 'garden-tools',
      name: 'Garden Tools',
      description: 'Mowers and trimmers.',
      itemCount: 2,
      picture: { url: '/media/mower.webp', thumbUrl: '/media/mower-thumb.webp', alt: 'Petrol Lawn Mower' },
    },
    { id: 'power-tools', name: 'Power Tools', description: 'Drills and saws.', itemCount: 1, picture: null },
  ],
  totalItems: 3,
};

export function item(overrides: Partial<ItemSummary> = {}): ItemSummary {
  return {
    id: 'item-1',
    name: 'Petrol Lawn Mower',
    description: 'Self-propelled, 46 cm cut.',
    categoryId: 'garden-tools',
    dailyRatePence: 1250,
    minDays: 1,
    maxDays: 7,
    city: 'Leeds',
    owner: { id: 'owner-1', name: 'Priya Shah', picture: null, rating: 4.5, totalRatings: 12 },
    image: { url: '/media/1.webp', thumbUrl: '/media/1-thumb.webp', alt: 'A red lawn mower on grass' },
    ...overrides,
  };
}

export function itemsPage(items: ItemSummary[], overrides: Partial<ItemsPage> = {}): ItemsPage {
  return {
    category: { id: 'garden-tools', name: 'Garden Tools', description: 'Mowers and trimmers.' },
    items,
    total: items.length,
    page: 1,
    pageSize: 24,
    ...overrides,
  };
}
