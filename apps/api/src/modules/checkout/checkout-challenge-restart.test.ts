import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, TEST_CARDS, todayInLondon } from '@toolshed/core';
import type { CheckoutChallenge } from '@toolshed/core/contract';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { post } from '../../test/auth-helpers.ts';
import { createItem, insertCategories } from '../../test/factories.ts';
import { queryRows } from '../../db/database.ts';
import type { PaymentProvider } from '../../platform/payments/payment-provider.ts';
import { createSimulatedProcessor } from '../../platform/payments/simulated-processor.ts';
import { createDbAuthenticationStore } from '../../platform/payments/simulated-authentications-repository.ts';
import { renterAndOwner } from './checkout-test-fixtures.ts';

/**
 * The simulated processor keeps its 3-D Secure authentications in the database (migration 0085): a
 * restart of the process between the bank's challenge and the confirm does not lose the challenge.
 * Each "process" here is a new processor instance (its own memory) on the same database.
 */
let ctx: TestContext;
const mailer = createMemoryMailer();
const newProcessor = () => createSimulatedProcessor({ delayMs: 0, authentications: createDbAuthenticationStore(ctx.database.db) });
type Processor = ReturnType<typeof newProcessor>;
// Until the database is open, a processor in memory (the app reads its name as it starts).
let running: Processor = createSimulatedProcessor({ delayMs: 0 });
/** What the app holds: whichever processor instance runs now (a restart replaces it). */
const payments = new Proxy({} as PaymentProvider, {
  get: (_target, key) => {
    const value = running[key as keyof Processor];
    return typeof value === 'function' ? value.bind(running) : value;
  },
});
let renter: { cookie: string; user: { id: string } };
let itemId: string;

beforeAll(async () => {
  ctx = await createTestApp({ mailer, payments });
  running = newProcessor();
  await insertCategories(ctx.database.db);
  const people = await renterAndOwner(ctx, mailer, 'restart@example.com');
  renter = people.renter;
  itemId = (await createItem(ctx.database.db, people.owner.id, { name: 'Tile Cutter', dailyRatePence: 1500 })).id;
});
afterAll(async () => ctx?.close());

const cardOf = (number: string) => ({ number, expiry: '12/30', cvv: '123', name: 'Rita Renter' });

describe('a 3-D Secure challenge across a restart', () => {
  it('is confirmed by a new processor instance on the same database: booked once, captured once', async () => {
    const start = addDays(todayInLondon(new Date()), 20);
    const res = await post(
      ctx.app,
      '/api/checkout',
      { lines: [{ itemId, startDate: start, endDate: start }], card: cardOf(TEST_CARDS.challenge), idempotencyKey: randomUUID() },
      { cookie: renter.cookie },
    );
    expect(res.statusCode, res.body).toBe(202);
    const { attemptId } = res.json() as CheckoutChallenge;
    const before = running;
    running = newProcessor();
    expect(running.holds.size).toBe(0);
    expect((await post(ctx.app, `/api/bank/challenges/${attemptId}`, { approve: true }, { cookie: renter.cookie })).statusCode).toBe(200);
    // And again after another restart, between the bank's page and the payment page.
    running = newProcessor();
    const confirmed = await post(ctx.app, `/api/checkout/attempts/${attemptId}/confirm`, {}, { cookie: renter.cookie });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const booked = await queryRows<{ status: string; provider_reference: string }>(
      ctx.database.db,
      sql`select p.status, p.provider_reference from payments p join rentals r on r.payment_id = p.id where r.item_id = ${itemId} and r.start_date = ${start}::date`,
    );
    expect(booked).toHaveLength(1);
    expect(booked[0]!.status).toBe('captured');
    expect(before.holds.size).toBe(0);
    const unbalanced = await queryRows(
      ctx.database.db,
      sql`select transaction_id from ledger_entries group by transaction_id having sum(amount_pence) <> 0`,
    );
    expect(unbalanced).toEqual([]);
  });

  it('keeps the first answer across instances, and each test card’s outcome after the restart', async () => {
    const first = newProcessor();
    const started = await first.authenticate({ amountPence: 1000, card: cardOf(TEST_CARDS.challenge), reference: 'r1' });
    const fails = await first.authenticate({ amountPence: 1000, card: cardOf(TEST_CARDS.challengeThenDeclined), reference: 'r2' });
    if (started.status !== 'challenge' || fails.status !== 'challenge') throw new Error('a challenge was expected');
    const second = newProcessor();
    expect(await second.authenticationStatus(started.authenticationId)).toBe('pending');
    expect(await second.completeChallenge(started.authenticationId, true)).toBe('authenticated');
    // The bank's page answered again in the first process: the first answer stands.
    expect(await first.completeChallenge(started.authenticationId, false)).toBe('authenticated');
    const held = await second.authorize({ amountPence: 1000, authenticationId: started.authenticationId, reference: 'r1:1' });
    expect(held).toMatchObject({ ok: true, brand: 'visa', last4: '3184' });
    const saved = await second.savePaymentMethod({ authenticationId: started.authenticationId, reference: 'r1:pm' });
    expect(saved).toMatchObject({ ok: true, last4: '3184' });
    // Declined after the challenge, as before the restart.
    expect(await second.completeChallenge(fails.authenticationId, true)).toBe('authenticated');
    expect(await newProcessor().authorize({ amountPence: 1000, authenticationId: fails.authenticationId, reference: 'r2:1' })).toEqual({
      ok: false,
      reason: 'insufficient_funds',
    });
    // Nothing of the card's number is kept: only the test card's kind.
    const rows = await queryRows<Record<string, unknown>>(ctx.database.db, sql`select * from simulated_authentications`);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(rows)).not.toMatch(/4000\s?0027|40000027/);
    // Kept in memory instead (the default), a new instance knows nothing of it: the cardholder starts again.
    const inMemory = createSimulatedProcessor({ delayMs: 0 });
    const lost = await inMemory.authenticate({ amountPence: 1000, card: cardOf(TEST_CARDS.challenge), reference: 'r3' });
    if (lost.status !== 'challenge') throw new Error('a challenge was expected');
    expect(await createSimulatedProcessor({ delayMs: 0 }).authenticationStatus(lost.authenticationId)).toBe('failed');
  });
});
