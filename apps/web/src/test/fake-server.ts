import type { SearchSuggestion, SearchSuggestions } from '@toolshed/core/contract';
import { vi } from 'vitest';
import { categories, itemsPage, json } from './fake-api.ts';
import type { SessionUser } from '../data/session.ts';

/** Test helpers for account screens: a fake API that also sees each request's method and body. */

export interface FakeRequest {
  method: string;
  url: URL;
  body: unknown;
  /** The request's abort signal, when it was sent with one. */
  signal?: AbortSignal | undefined;
}
export type FakeRoute = (request: FakeRequest) => Response | Promise<Response>;

export const testUser: SessionUser = {
  id: 'user-1',
  name: 'Priya Shah',
  email: 'priya@example.com',
  picture: null,
  emailVerified: true,
  createdAt: '2026-03-14T10:00:00.000Z',
};

export function sessionOf(user: SessionUser | null) {
  return user ? { session: { id: 'session-1', userId: user.id }, user } : null;
}

/** An API error with the auth fields (`reason`, `field`) the shared fake cannot send. */
export function errorJson(status: number, code: string, message: string, extra: { reason?: string; field?: string } = {}) {
  return json({ error: { code, message, ...extra } }, status);
}

/** A response the test releases when it wants, to see what is shown meanwhile. */
export function deferred() {
  let release!: (response: Response) => void;
  const promise = new Promise<Response>((resolve) => (release = resolve));
  return { promise, release };
}

/** The search suggestions the fake knows: its categories and a few items in them. */
export const testSuggestions: SearchSuggestion[] = [
  ...categories.categories.map((c) => ({ kind: 'category' as const, id: c.id, label: c.name, categoryId: c.id })),
  { kind: 'item', id: 'item-1', label: 'Petrol Lawn Mower', categoryId: 'garden-tools' },
  { kind: 'item', id: 'item-2', label: 'Lawn Scarifier', categoryId: 'garden-tools' },
  { kind: 'item', id: 'item-3', label: 'Cordless Drill', categoryId: 'power-tools' },
  { kind: 'item', id: 'item-4', label: 'Hammer Drill', categoryId: 'power-tools' },
];

/** The answer of GET /api/search/suggestions?q=: every suggestion with a word starting with each word typed, categories first. */
export function suggestionsFor(query: string): SearchSuggestions {
  const typed = query.toLowerCase().split(/\s+/).filter(Boolean);
  const suggestions = testSuggestions.filter((s) => {
    const words = s.label.toLowerCase().split(/\s+/);
    return typed.length > 0 && typed.every((t) => words.some((w) => w.startsWith(t)));
  });
  return { query, suggestions };
}

/** A fetch answer that fails as fetch does once its request is aborted. */
function abortable(answer: Promise<Response>, signal: AbortSignal | undefined): Promise<Response> {
  if (!signal) return answer;
  return new Promise((resolve, reject) => {
    const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
    if (signal.aborted) abort();
    signal.addEventListener('abort', abort, { once: true });
    answer.then(resolve, reject);
  });
}

/**
 * Replaces globalThis.fetch. Keys are 'METHOD /path' with the path as a regular expression; the
 * catalogue answers by default (so the app is in API mode), the session is `options.user` or
 * null, unread notifications are 0, there are no other calendars, nothing is saved and search suggestions come from
 * `testSuggestions`. A request aborted before its answer fails as fetch does. Unknown requests answer
 * 404 in the API's error format.
 */
export function fakeServer(routes: Record<string, FakeRoute> = {}, options: { user?: SessionUser | null } = {}) {
  const all: Record<string, FakeRoute> = {
    'GET /api/categories': () => json(categories),
    'GET /api/categories/[^/]+/items': () => json(itemsPage([])),
    'GET /api/auth/get-session': () => json(sessionOf(options.user ?? null)),
    'GET /api/notifications/unread-count': () => json({ count: 0 }),
    // My Items and the edit page list the owner's other calendars.
    'GET /api/me/calendar-sources': () => json({ sources: [] }),
    // The hearts on cards ask which items the member saved: none.
    'GET /api/me/saved/ids': () => json({ itemIds: [] }),
    'GET /api/search/suggestions': ({ url }) => json(suggestionsFor(url.searchParams.get('q') ?? '')),
    // The profile's handover hours (the default) and the times an item's owner offers at checkout.
    'GET /api/me/handover-hours': () =>
      json({ isDefault: true, ranges: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opens: '08:00', closes: '20:00' })) }),
    'GET /api/items/[^/]+/handover-slots': () => json({ pickup: ['09:00', '09:30'], return: ['17:00', '17:30'] }),
    ...routes,
  };
  const calls: FakeRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const signal = init?.signal ?? undefined;
    const request = { method, url, body, signal };
    calls.push(request);
    const key = Object.keys(all).find((k) => {
      const [m, pattern] = k.split(' ') as [string, string];
      return m === method && new RegExp(`^${pattern}$`).test(url.pathname);
    });
    return abortable(Promise.resolve(key ? all[key]!(request) : errorJson(404, 'NOT_FOUND', 'Not found')), signal);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** The requests sent to one method and path. */
    sent: (method: string, path: string) => calls.filter((c) => c.method === method && c.url.pathname === path),
  };
}
