import { vi } from 'vitest';
import { categories, itemsPage, json } from './fake-api.ts';
import type { SessionUser } from '../data/session.ts';

/** Test helpers for account screens: a fake API that also sees each request's method and body. */

export interface FakeRequest {
  method: string;
  url: URL;
  body: unknown;
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

/**
 * Replaces globalThis.fetch. Keys are 'METHOD /path' with the path as a regular expression; the
 * catalogue answers by default (so the app is in API mode), the session is `options.user` or
 * null, unread notifications are 0 and there are no other calendars. Unknown requests answer 404 in the API's error format.
 */
export function fakeServer(routes: Record<string, FakeRoute> = {}, options: { user?: SessionUser | null } = {}) {
  const all: Record<string, FakeRoute> = {
    'GET /api/categories': () => json(categories),
    'GET /api/categories/[^/]+/items': () => json(itemsPage([])),
    'GET /api/auth/get-session': () => json(sessionOf(options.user ?? null)),
    'GET /api/notifications/unread-count': () => json({ count: 0 }),
    // My Items and the edit page list the owner's other calendars.
    'GET /api/me/calendar-sources': () => json({ sources: [] }),
    ...routes,
  };
  const calls: FakeRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const request = { method, url, body };
    calls.push(request);
    const key = Object.keys(all).find((k) => {
      const [m, pattern] = k.split(' ') as [string, string];
      return m === method && new RegExp(`^${pattern}$`).test(url.pathname);
    });
    return key ? all[key]!(request) : errorJson(404, 'NOT_FOUND', 'Not found');
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** The requests sent to one method and path. */
    sent: (method: string, path: string) => calls.filter((c) => c.method === method && c.url.pathname === path),
  };
}
