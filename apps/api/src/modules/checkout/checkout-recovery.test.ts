import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, DECLINE_MESSAGES, TEST_CARDS, todayInLondon } from '@toolshed/core';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { post } from '../../test/auth-helpers.ts';
import { createItem, insertCategories } from '../../test/factories.ts';
import { queryRows } from '../../db/database.ts';
import { createSimulatedProcessor } from '../../platform/payments/simulated-processor.ts';
import type { AuthorizationResult, PaymentProvider } from '../../platform/payments/payment-provider.ts';
import { ATTEMPT_STALE_MS, CHALLENGE_TIMEOUT_MS } from './attempt-sweep-job.ts';
import { renterAndOwner, TEST_CARD } from './checkout-test-fixtures.ts';

/**
 * A checkout whose process dies mid-way leaves its attempt 'processing'. Here the 'crash' is a card
 * authorisation that does not answer until the test lets it: meanwhile the attempt looks exactly
 * like one whose process died.
 */
let clock = new Date();
const inner = createSimulatedProcessor({ delayMs: 0 });
let hang: Promise<void> | null = null;
/** Which authorisations hang (by their reference); unset: every one while `hang` is set. */
let hangsOn: ((reference: string) => boolean) | null = null;
const processor: PaymentProvider = {
  name: inner.name,
  async authorize(input): Promise<AuthorizationResult> {
    const result = await inner.authorize(input);
    if (hang && (!hangsOn || hangsOn(input.reference))) await hang;
    return result;
  },
  capture: (id, amountPence) => inner.capture(id, amountPence),
  void: (id) => inner.void(id),
  refund: (input) => inner.refund(input),
  refundStatus: (id) => inner.refundStatus(id),
  authenticate: (input) => inner.authenticate(input),
  completeChallenge: (id, approved) => inner.completeChallenge(id, approved),
  authenticationStatus: (id) => inner.authenticationStatus(id),
  savePaymentMethod: (input) => inner.savePaymentMethod(input),
};

let ctx: TestContext;
const mailer = createMemoryMailer();
let cookie: string;
let itemId: string;
let offset = 10;

beforeAll(async () => {
  ctx = await createTestApp({ mailer, now: () => clock, payments: processor });
  await insertCategories(ctx.database.db);
  const { renter, owner } = await renterAndOwner(ctx, mailer, 'crash@example.com');
  cookie = renter.cookie;
  itemId = (await createItem(ctx.database.db, owner.id, { name: 'Hedge Trimmer' })).id;
});
afterAll(async () => ctx?.close());

function request() {
  offset += 3;
  const start = addDays(todayInLondon(clock), offset);
  return { lines: [{ itemId, startDate: start, endDate: addDays(start, 1) }], card: TEST_CARD, idempotencyKey: randomUUID() };
}

const rentalsOf = async (start: string) =>
  (
    await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from rentals where item_id = ${itemId} and start_date = ${start}::date`,
    )
  )[0]!.n;

describe('a checkout attempt left processing by a crash', () => {
  it('answers 409 while it may still be running, then is taken over and answered from what the database holds', async () => {
    const body = request();
    let release!: () => void;
    hang = new Promise((resolve) => (release = resolve));
    const crashed = post(ctx.app, '/api/checkout', body, { cookie });
    await new Promise((resolve) => setTimeout(resolve, 300));

    const tooSoon = await post(ctx.app, '/api/checkout', body, { cookie });
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json().error.field).toBe('idempotencyKey');

    clock = new Date(clock.getTime() + ATTEMPT_STALE_MS + 1_000);
    hang = null;
    const retried = await post(ctx.app, '/api/checkout', body, { cookie });
    expect(retried.statusCode).toBe(201);
    expect(await rentalsOf(body.lines[0]!.startDate)).toBe(1);

    // The 'dead' request wakes up: it no longer owns the attempt, books nothing, releases its own
    // hold and answers with the order the database holds.
    release();
    const late = await crashed;
    expect(late.statusCode).toBe(200);
    expect(late.json()).toEqual(retried.json());
    expect(await rentalsOf(body.lines[0]!.startDate)).toBe(1);
    expect([...inner.holds.values()].sort()).toEqual(['captured', 'voided']);
  });

  it('is swept by the job: marked failed, its hold released, and the same key books on the next try', async () => {
    const body = request();
    let release!: () => void;
    hang = new Promise((resolve) => (release = resolve));
    const crashed = post(ctx.app, '/api/checkout', body, { cookie });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The hold was made; the process 'died' before booking. Record the hold as the request would have.
    const [hold] = [...inner.holds.entries()].filter(([, s]) => s === 'held').map(([id]) => id);
    await ctx.database.db.execute(
      sql`update checkout_attempts set authorization_id = ${hold!} where idempotency_key = ${body.idempotencyKey}`,
    );

    clock = new Date(clock.getTime() + ATTEMPT_STALE_MS + 2_000);
    await ctx.app.jobs.runDue();
    const [attempt] = await queryRows<{ status: string }>(
      ctx.database.db,
      sql`select status from checkout_attempts where idempotency_key = ${body.idempotencyKey}`,
    );
    expect(attempt!.status).toBe('failed');
    expect(inner.holds.get(hold!)).toBe('voided');

    hang = null;
    const retried = await post(ctx.app, '/api/checkout', body, { cookie });
    expect(retried.statusCode).toBe(201);
    release();
    expect((await crashed).statusCode).toBe(200);
    expect(await rentalsOf(body.lines[0]!.startDate)).toBe(1);
  });

  it('releases every hold it made (the charge, the request line and the deposits) when it dies before booking', async () => {
    const owner = (await queryRows<{ owner_id: string }>(ctx.database.db, sql`select owner_id from items where id = ${itemId}`))[0]!
      .owner_id;
    const withDeposit = (await createItem(ctx.database.db, owner, { name: 'Mitre Saw', depositPence: 5_000 })).id;
    const alsoDeposit = (await createItem(ctx.database.db, owner, { name: 'Tile Cutter', depositPence: 2_000 })).id;
    const requested = (await createItem(ctx.database.db, owner, { name: 'Cement Mixer', depositPence: 3_000, bookingMode: 'request' })).id;
    // The instant lines start tomorrow: their deposits are held at checkout (a later start schedules
    // them, decision 036, as the request line's is: its owner needs time to answer).
    const tomorrow = addDays(todayInLondon(clock), 1);
    offset += 3;
    const later = addDays(todayInLondon(clock), offset);
    const body = {
      lines: [
        ...[withDeposit, alsoDeposit].map((id) => ({ itemId: id, startDate: tomorrow, endDate: addDays(tomorrow, 1) })),
        { itemId: requested, startDate: later, endDate: addDays(later, 1) },
      ],
      card: TEST_CARD,
      idempotencyKey: randomUUID(),
    };
    const before = new Set(inner.holds.keys());
    const made = () => [...inner.holds.entries()].filter(([id]) => !before.has(id));
    // The charge, the request line's hold and the first deposit are made; the process 'dies' while
    // the card processor answers for the second deposit.
    let deposits = 0;
    hangsOn = (reference) => reference.includes(':deposit:') && ++deposits === 2;
    let release!: () => void;
    hang = new Promise((resolve) => (release = resolve));
    const crashed = post(ctx.app, '/api/checkout', body, { cookie });
    for (let i = 0; i < 50 && made().length < 4; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(made().map(([, state]) => state)).toEqual(['held', 'held', 'held', 'held']);

    clock = new Date(clock.getTime() + ATTEMPT_STALE_MS + 2_000);
    await ctx.app.jobs.runDue();
    // The sweep released the three holds the attempt had recorded; the fourth was still being answered.
    expect(made().map(([, state]) => state)).toEqual(['voided', 'voided', 'voided', 'held']);

    // The request wakes up, finds its attempt failed, books nothing and releases the last hold itself.
    hang = null;
    hangsOn = null;
    release();
    expect((await crashed).statusCode).toBe(409);
    expect(made().map(([, state]) => state)).toEqual(['voided', 'voided', 'voided', 'voided']);
    const rentals = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from rentals where item_id in (${withDeposit}, ${alsoDeposit}, ${requested})`,
    );
    expect(rentals[0]!.n).toBe(0);
  });

  describe('with the bank challenge', () => {
    const challengeCard = { ...TEST_CARD, number: TEST_CARDS.challenge };
    const confirm = (attemptId: string) => post(ctx.app, `/api/checkout/attempts/${attemptId}/confirm`, {}, { cookie });

    it('dies during the challenge (never comes back): swept, nothing held or booked, and the same key asks the bank again', async () => {
      const body = { ...request(), card: challengeCard };
      const holdsBefore = inner.holds.size;
      const started = await post(ctx.app, '/api/checkout', body, { cookie });
      expect(started.statusCode).toBe(202);
      expect(inner.holds.size).toBe(holdsBefore);

      clock = new Date(clock.getTime() + CHALLENGE_TIMEOUT_MS + 2_000);
      await ctx.app.jobs.runDue();
      const [attempt] = await queryRows<{ status: string }>(
        ctx.database.db,
        sql`select status from checkout_attempts where id = ${started.json().attemptId}`,
      );
      expect(attempt!.status).toBe('failed');
      expect(await rentalsOf(body.lines[0]!.startDate)).toBe(0);

      const again = await post(ctx.app, '/api/checkout', body, { cookie });
      expect(again.statusCode).toBe(202);
      expect(again.json().attemptId).toBe(started.json().attemptId);
      const [authentication] = await queryRows<{ authentication_id: string }>(
        ctx.database.db,
        sql`select authentication_id from checkout_attempts where id = ${started.json().attemptId}`,
      );
      await inner.completeChallenge(authentication!.authentication_id, true);
      expect((await confirm(started.json().attemptId)).statusCode).toBe(201);
      expect(await rentalsOf(body.lines[0]!.startDate)).toBe(1);
      expect(inner.holds.size).toBe(holdsBefore + 1);
    });

    it('dies after the challenge, while authorising: swept, the hold released, no booking, every confirm answers the same failure', async () => {
      const body = { ...request(), card: challengeCard };
      const started = await post(ctx.app, '/api/checkout', body, { cookie });
      expect(started.statusCode).toBe(202);
      const attemptId = started.json().attemptId as string;
      const [authentication] = await queryRows<{ authentication_id: string }>(
        ctx.database.db,
        sql`select authentication_id from checkout_attempts where id = ${attemptId}`,
      );
      await inner.completeChallenge(authentication!.authentication_id, true);
      const before = new Set(inner.holds.keys());
      let release!: () => void;
      hang = new Promise((resolve) => (release = resolve));
      const crashed = confirm(attemptId);
      for (let i = 0; i < 50 && inner.holds.size === before.size; i++) await new Promise((resolve) => setTimeout(resolve, 50));
      const made = [...inner.holds.keys()].filter((id) => !before.has(id));
      expect(made).toHaveLength(1);

      clock = new Date(clock.getTime() + ATTEMPT_STALE_MS + 2_000);
      await ctx.app.jobs.runDue();
      const second = await confirm(attemptId);
      expect(second.statusCode).toBe(402);
      expect(second.json().error.message).toBe(DECLINE_MESSAGES.processing_error);

      // The 'dead' request wakes up, no longer owns the attempt, books nothing and releases its hold.
      hang = null;
      release();
      expect((await crashed).statusCode).toBe(409);
      expect(inner.holds.get(made[0]!)).toBe('voided');
      expect(await rentalsOf(body.lines[0]!.startDate)).toBe(0);
      expect((await confirm(attemptId)).json()).toEqual(second.json());
    });
  });
});
