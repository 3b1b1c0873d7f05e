import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyReviews, ReviewsPage, ReviewsToWritePage } from '@toolshed/core/contract';
import { reviews } from '../../db/schema.ts';
import { createSignedInUser } from '../../test/auth-helpers.ts';
import { createItem, createRental, createUser, insertCategories } from '../../test/factories.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
const mailer = createMemoryMailer();
let maya: { cookie: string; user: { id: string } };
let nobody: { cookie: string };

const RENTALS = 25;
const WRITTEN = 12;
const HIDDEN_WRITTEN = 5;
const RECEIVED = 7;
const HIDDEN_RECEIVED = 2;

const get = async <T>(url: string, cookie = maya.cookie) => {
  const res = await ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  return { status: res.statusCode, body: res.json<T & { error?: { message: string } }>() };
};

/** Every page of a list, `size` at a time, until its total is reached (and one page past it). */
async function allPages<K extends 'reviews' | 'rentals'>(path: string, key: K, size: number) {
  const seen: string[] = [];
  let total = -1;
  for (let page = 1; page <= 10; page++) {
    const { status, body } = await get<Record<K, Array<{ id?: string; rentalId?: string }>> & { total: number; page: number }>(
      `${path}?page=${page}&pageSize=${size}`,
    );
    expect(status).toBe(200);
    expect(body.page).toBe(page);
    total = body.total;
    const entries = body[key];
    expect(entries.length).toBeLessThanOrEqual(size);
    seen.push(...entries.map((e) => e.id ?? e.rentalId!));
    if (entries.length === 0) break;
  }
  return { seen, total };
}

beforeAll(async () => {
  ctx = await createTestApp({ mailer });
  const db = ctx.database.db;
  await insertCategories(db);
  maya = await createSignedInUser(ctx.app, mailer, 'maya-reviews@example.com', 'Maya Reviewer');
  nobody = await createSignedInUser(ctx.app, mailer, 'nobody-reviews@example.com', 'Nia Nobody');
  const otto = await createUser(db, { name: 'Otto Owner' });
  const drill = await createItem(db, otto.id, { name: "Otto's drill" });
  // Maya rented Otto's drill 25 times, each returned; she reviewed 12 (5 still hidden), he 9 (2 hidden).
  for (let i = 0; i < RENTALS; i++) {
    const returnedAt = new Date(Date.UTC(2026, 0, 1 + 3 * i));
    const rental = await createRental(db, drill, maya.user.id, -400 + 3 * i, 2, { returned: true, returnedAt });
    const at = new Date(returnedAt.getTime() + 3_600_000);
    if (i < WRITTEN)
      await db.insert(reviews).values({
        rating: 4,
        comment: `Maya on rental ${i}`,
        reviewerId: maya.user.id,
        revieweeId: otto.id,
        itemId: drill.id,
        rentalId: rental.id,
        reviewerRole: 'renter',
        publishedAt: i < HIDDEN_WRITTEN ? null : at,
        createdAt: at,
      });
    if (i >= RENTALS - RECEIVED - HIDDEN_RECEIVED)
      await db.insert(reviews).values({
        rating: 5,
        comment: `Otto on rental ${i}`,
        reviewerId: otto.id,
        revieweeId: maya.user.id,
        itemId: drill.id,
        rentalId: rental.id,
        reviewerRole: 'owner',
        publishedAt: i < RENTALS - RECEIVED ? null : at,
        createdAt: at,
      });
  }
});
afterAll(async () => ctx?.close());

describe('reviews a page at a time', () => {
  it('answers the first page of each list with how long each whole list is', async () => {
    const { status, body } = await get<MyReviews>('/api/me/reviews?pageSize=5');
    expect(status).toBe(200);
    expect(body.totals).toEqual({ received: RECEIVED, written: WRITTEN, toWrite: RENTALS - WRITTEN });
    expect(body.pageSize).toBe(5);
    expect([body.received.length, body.written.length, body.toWrite.length]).toEqual([5, 5, 5]);
    // Newest first: the received list starts with the last rental's review.
    expect(body.received[0]!.comment).toBe(`Otto on rental ${RENTALS - 1}`);
    expect(body.received.every((r) => r.visible)).toBe(true);
  });

  it('pages through each list without repeating or missing an entry', async () => {
    const received = await allPages('/api/me/reviews/received', 'reviews', 3);
    expect(received.total).toBe(RECEIVED);
    expect(new Set(received.seen).size).toBe(RECEIVED);
    expect(received.seen).toHaveLength(RECEIVED);

    const written = await allPages('/api/me/reviews/written', 'reviews', 5);
    expect(written.total).toBe(WRITTEN);
    expect(new Set(written.seen).size).toBe(WRITTEN);
    const page = await get<ReviewsPage>('/api/me/reviews/written?page=3&pageSize=5');
    // The oldest two are hidden ones (the first five written are still hidden).
    expect(page.body.reviews.map((r) => r.visible)).toEqual([false, false]);

    const toWrite = await allPages('/api/me/reviews/to-write', 'rentals', 4);
    expect(toWrite.total).toBe(RENTALS - WRITTEN);
    expect(new Set(toWrite.seen).size).toBe(RENTALS - WRITTEN);
    expect(toWrite.seen).toHaveLength(RENTALS - WRITTEN);
  });

  it('shows another member only their own lists, refuses a bad page size and asks who is asking', async () => {
    const theirs = await get<MyReviews>('/api/me/reviews', nobody.cookie);
    expect(theirs.body.totals).toEqual({ received: 0, written: 0, toWrite: 0 });
    const theirPage = await get<ReviewsToWritePage>('/api/me/reviews/to-write', nobody.cookie);
    expect(theirPage.body).toMatchObject({ rentals: [], total: 0, page: 1, pageSize: 20 });

    const bad = await get<ReviewsPage>('/api/me/reviews/received?pageSize=0');
    expect(bad.status).toBe(400);
    expect(bad.body.error?.message).toBe('Page size must be a whole number from 1 to 100');

    for (const path of ['/api/me/reviews', '/api/me/reviews/received', '/api/me/reviews/written', '/api/me/reviews/to-write'])
      expect((await get(path, '')).status).toBe(401);
  });
});
