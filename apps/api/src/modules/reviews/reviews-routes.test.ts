import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInLondon } from '@toolshed/core';
import type { MyReviews, Order, OwnerProfile } from '@toolshed/core/contract';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser } from '../../test/auth-helpers.ts';
import { createItem, insertCategories } from '../../test/factories.ts';
import { rentalKit } from '../rentals/rental-test-kit.ts';

let ctx: TestContext;
const mailer = createMemoryMailer();
const start = new Date('2026-11-20T10:00:00Z');
let clock = start;
const DAY = 86_400_000;
const d = (n: number) => addDays(todayInLondon(start), n);
const kit = rentalKit(() => ctx);
type Person = { cookie: string; user: { id: string } };
let renter: Person;
let owner: Person;
let outsider: Person;
let drill: { id: string; ownerId: string };

/** Books the drill for `first`..`last` days from the start, then returns it the day after the end. */
async function returnedRental(first: number, last: number): Promise<string> {
  clock = start;
  const booked = await kit.book(renter.cookie, [{ itemId: drill.id, startDate: d(first), endDate: d(last) }]);
  const order = (await kit.send('GET', `/api/orders/${booked.json().orderId}`, renter.cookie)).json() as Order;
  const id = order.rentals[0]!.id;
  clock = new Date(start.getTime() + (last + 1) * DAY);
  expect((await kit.markReturned(id, owner.cookie)).statusCode).toBe(204);
  return id;
}

const profile = async (userId: string) => (await kit.send('GET', `/api/owners/${userId}`)).json() as OwnerProfile;

beforeAll(async () => {
  ctx = await createTestApp({ mailer, now: () => clock });
  await insertCategories(ctx.database.db);
  renter = await createSignedInUser(ctx.app, mailer, 'rita@example.com', 'Rita Renter');
  owner = await createSignedInUser(ctx.app, mailer, 'olive@example.com', 'Olive Owner');
  outsider = await createSignedInUser(ctx.app, mailer, 'nosy@example.com', 'Ned Nosy');
  await kit.saveAddress(renter.cookie);
  drill = await createItem(ctx.database.db, owner.user.id, { name: 'Cordless Drill', dailyRatePence: 1250 });
});
afterAll(async () => ctx?.close());

describe('reviews both ways, double-blind', () => {
  it('keeps each review hidden until the other side has reviewed, then shows both and updates both ratings', async () => {
    const id = await returnedRental(1, 2);
    expect((await kit.rental(id, renter.cookie)).actions).toEqual(['review_by_renter']);
    const first = await kit.review(id, renter.cookie, 4.5, 'Great drill, friendly owner.');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ visible: false });

    expect(await profile(owner.user.id)).toMatchObject({ rating: null, totalRatings: 0, reviews: [] });
    const ownersView = await kit.rental(id, owner.cookie);
    expect(ownersView).toMatchObject({ theirReview: null, theirReviewHidden: true, actions: ['review_by_owner'] });
    expect(JSON.stringify(ownersView)).not.toContain('Great drill');
    const mineBefore = (await kit.send('GET', '/api/me/reviews', renter.cookie)).json() as MyReviews;
    expect(mineBefore.written).toEqual([
      expect.objectContaining({ rating: 4.5, visible: false, itemName: 'Cordless Drill', revieweeName: 'Olive Owner' }),
    ]);
    expect(mineBefore.toWrite).toEqual([]);
    const ownerToWrite = (await kit.send('GET', '/api/me/reviews', owner.cookie)).json() as MyReviews;
    expect(ownerToWrite.toWrite).toEqual([expect.objectContaining({ rentalId: id, role: 'owner', otherPartyName: 'Rita Renter' })]);
    expect(ownerToWrite.received).toEqual([]);

    // The popup's answer is cached for browsing; a review that shows drops it, so the owner's new rating shows at once.
    const popup = async () => (await kit.send('GET', `/api/items/${drill.id}`)).json().owner;
    expect(await popup()).toMatchObject({ rating: null, totalRatings: 0 });
    const second = await kit.review(id, owner.cookie, 5, 'Brought it back clean.');
    expect(second.json()).toEqual({ visible: true });
    expect(await popup()).toMatchObject({ rating: 4.5, totalRatings: 1 });
    const shown = await profile(owner.user.id);
    expect(shown).toMatchObject({ rating: 4.5, totalRatings: 1 });
    expect(shown.reviews).toEqual([
      expect.objectContaining({
        rating: 4.5,
        comment: 'Great drill, friendly owner.',
        reviewerName: 'Rita Renter',
        itemName: 'Cordless Drill',
      }),
    ]);
    expect(await profile(renter.user.id)).toMatchObject({ rating: 5, totalRatings: 1 });
    expect(await kit.rental(id, renter.cookie)).toMatchObject({
      myReview: { rating: 4.5 },
      theirReview: { rating: 5, comment: 'Brought it back clean.' },
      theirReviewHidden: false,
      actions: [],
    });
  });

  it('shows a lone review 14 days after the return and counts it in the rating then', async () => {
    const id = await returnedRental(5, 6);
    expect((await kit.review(id, renter.cookie, 2, 'Battery died.')).json()).toEqual({ visible: false });
    clock = new Date(clock.getTime() + 13 * DAY);
    await ctx.app.jobs.runDue();
    expect(await profile(owner.user.id)).toMatchObject({ rating: 4.5, totalRatings: 1 });
    clock = new Date(clock.getTime() + 1 * DAY + 60_000);
    await ctx.app.jobs.runDue();
    const after = await profile(owner.user.id);
    expect(after).toMatchObject({ rating: 3.25, totalRatings: 2 });
    expect(after.reviews.map((r) => r.comment)).toContain('Battery died.');
    // Written after the blind period: shown at once.
    expect((await kit.review(id, owner.cookie, 3.5)).json()).toEqual({ visible: true });
    expect(await profile(renter.user.id)).toMatchObject({ rating: 4.25, totalRatings: 2 });
  });

  it('refuses reviews before the return, twice, from outsiders and outside half stars from 0.5 to 5', async () => {
    clock = start;
    const booked = await kit.book(renter.cookie, [{ itemId: drill.id, startDate: d(30), endDate: d(30) }]);
    const upcoming = ((await kit.send('GET', `/api/orders/${booked.json().orderId}`, renter.cookie)).json() as Order).rentals[0]!.id;
    const early = await kit.review(upcoming, renter.cookie, 4);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('A rental can be reviewed once it has been returned.');

    const id = await returnedRental(40, 41);
    expect((await kit.review(id, outsider.cookie, 4)).statusCode).toBe(404);
    expect((await kit.review(id, undefined, 4)).statusCode).toBe(401);
    for (const rating of [0, 0.3, 5.5, 6]) {
      const bad = await kit.review(id, renter.cookie, rating);
      expect(bad.statusCode).toBe(400);
    }
    const long = await kit.review(id, renter.cookie, 4, 'x'.repeat(1001));
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toContain('1,000 characters');
    expect((await kit.review(id, renter.cookie, 0.5, 'x'.repeat(1000))).statusCode).toBe(201);
    const twice = await kit.review(id, renter.cookie, 5);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('You have already reviewed this rental.');
  });

  it('keeps one of several reviews of a rental sent at once by the same person and refuses the others', async () => {
    // On PostgreSQL they run in parallel and wait for the rental's lock in turn; each must then see
    // the review the one before it committed (it once found none, inserted and hit the unique index).
    const id = await returnedRental(50, 51);
    const responses = await Promise.all(
      [5, 4.5, 4, 3.5, 3, 2.5, 2, 1.5].map((rating) => kit.review(id, renter.cookie, rating, 'Sent at once.')),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const refused of responses.filter((r) => r.statusCode === 409))
      expect(refused.json().error.message).toBe('You have already reviewed this rental.');
    const written = ((await kit.send('GET', '/api/me/reviews', renter.cookie)).json() as MyReviews).written.filter(
      (r) => r.comment === 'Sent at once.',
    );
    expect(written).toHaveLength(1);
  });
});
