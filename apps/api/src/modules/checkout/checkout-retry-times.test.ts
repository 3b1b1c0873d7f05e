import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@toolshed/core';
import type { CheckoutChallenge } from '@toolshed/core/contract';
import { queryRows } from '../../db/database.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { post } from '../../test/auth-helpers.ts';
import { createItem, insertCategories } from '../../test/factories.ts';
import { createSimulatedProcessor } from '../../platform/payments/simulated-processor.ts';
import { renterAndOwner } from './checkout-test-fixtures.ts';

/**
 * A payment tried again (its answer unknown, or its bank check still open) is recognised by its
 * lines' dates and handover times: the same times with the same key are the same attempt; other
 * times are another checkout, paid with a new key, and still never paid twice.
 */
let ctx: TestContext;
const mailer = createMemoryMailer();
// 10:30 BST on Monday 10 June 2030; the owner's handover hours are the default 08:00 to 20:00.
const clock = new Date('2030-06-10T09:30:00Z');
const processor = createSimulatedProcessor({ delayMs: 0, now: () => clock });
let renter: { cookie: string; user: { id: string } };
let itemId: string;
const card = { number: TEST_CARDS.challenge, expiry: '12/34', cvv: '123', name: 'Rita Renter' };
const line = (pickupTime: string, returnTime: string) => ({
  itemId,
  startDate: '2030-06-17',
  endDate: '2030-06-18',
  pickupTime,
  returnTime,
});

const checkout = (idempotencyKey: string, l: ReturnType<typeof line>) =>
  post(ctx.app, '/api/checkout', { lines: [l], card, idempotencyKey }, { cookie: renter.cookie });
const answer = (attemptId: string) => post(ctx.app, `/api/bank/challenges/${attemptId}`, { approve: true }, { cookie: renter.cookie });
const confirm = (attemptId: string) => post(ctx.app, `/api/checkout/attempts/${attemptId}/confirm`, {}, { cookie: renter.cookie });

beforeAll(async () => {
  ctx = await createTestApp({ mailer, now: () => clock, payments: processor });
  await insertCategories(ctx.database.db);
  const people = await renterAndOwner(ctx, mailer, 'times@example.com');
  renter = people.renter;
  itemId = (await createItem(ctx.database.db, people.owner.id, { name: 'Cordless Drill', dailyRatePence: 1000 })).id;
});
afterAll(async () => ctx?.close());

describe('paying again with other handover times', () => {
  it('answers the same attempt for the same times; other times are a new attempt with a new key, and only one books', async () => {
    const key = randomUUID();
    const first = await checkout(key, line('09:00', '17:00'));
    expect(first.statusCode, first.body).toBe(202);
    const firstId = (first.json() as CheckoutChallenge).attemptId;
    // The same times again, the fields in another order: the same attempt (its open challenge).
    const { returnTime, pickupTime, ...dates } = line('09:00', '17:00');
    const same = await post(
      ctx.app,
      '/api/checkout',
      { lines: [{ returnTime, ...dates, pickupTime }], card, idempotencyKey: key },
      { cookie: renter.cookie },
    );
    expect(same.statusCode, same.body).toBe(202);
    expect((same.json() as CheckoutChallenge).attemptId).toBe(firstId);
    // Other times under that key are a different checkout: refused, nothing changed (the page makes a new key for them).
    const reused = await checkout(key, line('10:00', '17:00'));
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.field).toBe('idempotencyKey');

    // With a new key they are a new attempt, not held back by the renter's own open challenge.
    const changed = await checkout(randomUUID(), line('10:00', '18:00'));
    expect(changed.statusCode, changed.body).toBe(202);
    const changedId = (changed.json() as CheckoutChallenge).attemptId;
    expect(changedId).not.toBe(firstId);
    expect((await answer(changedId)).statusCode).toBe(200);
    expect((await confirm(changedId)).statusCode).toBe(200);
    // The first challenge approved afterwards books nothing more: the dates are the renter's already.
    await answer(firstId);
    expect((await confirm(firstId)).statusCode).not.toBe(200);

    const rentals = await queryRows<{ pickup_minutes: number; return_minutes: number }>(
      ctx.database.db,
      sql`select pickup_minutes, return_minutes from rentals where item_id = ${itemId} and cancelled_at is null`,
    );
    expect(rentals).toEqual([{ pickup_minutes: 10 * 60, return_minutes: 18 * 60 }]);
    const captured = [...processor.holds.values()].filter((s) => s === 'captured');
    expect(captured).toHaveLength(1);
    expect([...processor.holds.values()].filter((s) => s === 'held')).toEqual([]);
  });
});
