import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, TEST_CARDS, todayInLondon } from '@toolshed/core';
import type { CheckoutChallenge, ItemsPage } from '@toolshed/core/contract';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { post } from '../../test/auth-helpers.ts';
import { createItem, insertCategories } from '../../test/factories.ts';
import { createSimulatedProcessor } from '../../platform/payments/simulated-processor.ts';
import { renterAndOwner } from './checkout-test-fixtures.ts';
import { CHALLENGE_TIMEOUT_MS } from './attempt-sweep-job.ts';

/**
 * The dates a checkout holds while its bank's 3-D Secure challenge is open count as taken for
 * everyone else, wherever dates are shown: browsing with dates, the item's booked days and the
 * wheelbarrow's check, as checkout itself refuses them; free again when the challenge fails or is swept.
 */
let clock = new Date();
const processor = createSimulatedProcessor({ delayMs: 0, now: () => clock });
let ctx: TestContext;
const mailer = createMemoryMailer();
type Member = { cookie: string; user: { id: string } };
let payer: Member;
let other: Member;
let item: { id: string; name: string };

beforeAll(async () => {
  ctx = await createTestApp({ mailer, now: () => clock, payments: processor });
  await insertCategories(ctx.database.db);
  const first = await renterAndOwner(ctx, mailer, 'payer@example.com');
  payer = first.renter;
  other = (await renterAndOwner(ctx, mailer, 'other@example.com')).renter;
  item = await createItem(ctx.database.db, first.owner.id, { name: 'Plate Compactor', dailyRatePence: 2500, bufferDays: 1 });
});
afterAll(async () => ctx?.close());

const cardOf = (number: string) => ({ number, expiry: '12/30', cvv: '123', name: 'Rita Renter' });
const day = (n: number) => addDays(todayInLondon(clock), n);

async function startChallenge(startDate: string, endDate: string): Promise<string> {
  const res = await post(
    ctx.app,
    '/api/checkout',
    { lines: [{ itemId: item.id, startDate, endDate }], card: cardOf(TEST_CARDS.challenge), idempotencyKey: randomUUID() },
    { cookie: payer.cookie },
  );
  expect(res.statusCode, res.body).toBe(202);
  return (res.json() as CheckoutChallenge).attemptId;
}

/** Whether each place that shows dates shows [start, end] free for `who`: browsing, the item's booked days, the wheelbarrow check. */
async function freeFor(who: Member, start: string, end: string) {
  const browse = await ctx.app.inject({ method: 'GET', url: `/api/categories/all/items?startDate=${start}&endDate=${end}` });
  expect(browse.statusCode, browse.body).toBe(200);
  const detail = await ctx.app.inject({ method: 'GET', url: `/api/items/${item.id}` });
  const booked = (detail.json() as { bookedRanges: Array<{ startDate: string; endDate: string }> }).bookedRanges;
  const check = await post(
    ctx.app,
    '/api/wheelbarrow/check',
    { lines: [{ itemId: item.id, startDate: start, endDate: end }] },
    { cookie: who.cookie },
  );
  const line = (check.json() as { lines: Array<{ state: string; message: string | null }> }).lines[0]!;
  return {
    browse: (browse.json() as ItemsPage).items.some((i) => i.id === item.id),
    itemPage: !booked.some((r) => r.startDate <= end && r.endDate >= start),
    check: line.state === 'ok',
    message: line.message,
  };
}

describe('dates held by an open 3-D Secure challenge', () => {
  it('are taken for other renters while the challenge is open (buffer days too), and free once the bank fails it', async () => {
    const [start, end] = [day(10), day(11)];
    expect(await freeFor(other, start, end)).toMatchObject({ browse: true, itemPage: true, check: true });
    const attemptId = await startChallenge(start, end);
    const seen = await freeFor(other, start, end);
    expect(seen).toMatchObject({ browse: false, itemPage: false, check: false });
    expect(seen.message).toContain('Someone else is paying for some of these dates just now');
    // The day after, within the item's buffer day, is taken too, as checkout would refuse it.
    expect(await freeFor(other, day(12), day(12))).toMatchObject({ browse: false, check: false });
    expect(await freeFor(other, day(13), day(13))).toMatchObject({ browse: true, check: true });
    // The payer's own check does not count their own challenge against them.
    expect((await freeFor(payer, start, end)).check).toBe(true);
    // Checkout refuses them to the other renter, as the check said.
    const refused = await post(
      ctx.app,
      '/api/checkout',
      { lines: [{ itemId: item.id, startDate: start, endDate: end }], card: cardOf(TEST_CARDS.success), idempotencyKey: randomUUID() },
      { cookie: other.cookie },
    );
    expect(refused.statusCode).toBe(409);

    expect((await post(ctx.app, `/api/bank/challenges/${attemptId}`, { approve: false }, { cookie: payer.cookie })).statusCode).toBe(200);
    expect(await freeFor(other, start, end)).toMatchObject({ browse: true, itemPage: true, check: true });
  });

  it('are free again once an unanswered challenge is swept after 15 minutes', async () => {
    const [start, end] = [day(20), day(21)];
    await startChallenge(start, end);
    expect(await freeFor(other, start, end)).toMatchObject({ browse: false, itemPage: false, check: false });
    clock = new Date(clock.getTime() + CHALLENGE_TIMEOUT_MS + 2_000);
    await ctx.app.jobs.runDue();
    expect(await freeFor(other, start, end)).toMatchObject({ browse: true, itemPage: true, check: true });
  });

  it('become the booking when the bank approves: still taken for others, once', async () => {
    const [start, end] = [day(30), day(30)];
    const attemptId = await startChallenge(start, end);
    expect((await post(ctx.app, `/api/bank/challenges/${attemptId}`, { approve: true }, { cookie: payer.cookie })).statusCode).toBe(200);
    const confirmed = await post(ctx.app, `/api/checkout/attempts/${attemptId}/confirm`, {}, { cookie: payer.cookie });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const seen = await freeFor(other, start, end);
    expect(seen).toMatchObject({ browse: false, itemPage: false, check: false });
    expect(seen.message).toContain('Someone has booked');
  });
});
