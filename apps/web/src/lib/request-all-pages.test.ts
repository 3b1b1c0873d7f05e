import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../test/fake-api.ts';
import { fakeServer } from '../test/fake-server.ts';
import { requestAllPages } from './request-all-pages.ts';

afterEach(() => vi.unstubAllGlobals());

/** A list of `total` rentals served `pageSize` at a time, as the API pages it. */
const pagedRentals = (total: number) => ({
  'GET /api/me/rentals': ({ url }: { url: URL }) => {
    const page = Number(url.searchParams.get('page'));
    const pageSize = Number(url.searchParams.get('pageSize'));
    const from = (page - 1) * pageSize;
    const rentals = Array.from({ length: Math.max(0, Math.min(pageSize, total - from)) }, (_, i) => ({ id: `r${from + i + 1}` }));
    return json({ rentals, page, pageSize, total });
  },
});

describe('requestAllPages', () => {
  it('reads every page of a long list, in order, in the largest pages the API answers', async () => {
    const server = fakeServer(pagedRentals(230));
    const rentals = await requestAllPages<{ id: string }, 'rentals'>('/api/me/rentals', 'rentals');
    expect(rentals).toHaveLength(230);
    expect(rentals[0]?.id).toBe('r1');
    expect(rentals[229]?.id).toBe('r230');
    const asked = server.calls.filter((c) => c.url.pathname === '/api/me/rentals').map((c) => c.url.search);
    expect(asked).toEqual(['?page=1&pageSize=100', '?page=2&pageSize=100', '?page=3&pageSize=100']);
  });

  it('asks once when the first page holds the whole list, or when the answer has no paging', async () => {
    const server = fakeServer(pagedRentals(3));
    expect(await requestAllPages('/api/me/rentals', 'rentals')).toHaveLength(3);
    fakeServer({ 'GET /api/me/items': () => json({ items: Array.from({ length: 100 }, (_, i) => ({ id: `i${i}` })) }) });
    expect(await requestAllPages('/api/me/items', 'items')).toHaveLength(100);
    expect(server.calls.filter((c) => c.url.pathname === '/api/me/rentals')).toHaveLength(1);
  });
});
