import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, DECLINE_MESSAGES, TEST_CARDS, todayInLondon } from '@toolshed/core';
import type { CheckoutAttempt, CheckoutChallenge } from '@toolshed/core/contract';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { post } from '../../test/auth-helpers.ts';
import { createItem, insertCategories } from '../../test/factories.ts';
import { expectStatementMatchesLedger } from '../../test/statement-check.ts';
import { queryRows } from '../../db/database.ts';
import { loadConfig } from '../../config.ts';
import { createSimulatedProcessor } from '../../platform/payments/simulated-processor.ts';
import { PaymentProcessorError } from '../../platform/payments/payment-provider.ts';
import { CHALLENGE_TIMEOUT_MS } from './attempt-sweep-job.ts';
import { renterAndOwner } from './checkout-test-fixtures.ts';

/**
 * Strong customer authentication at checkout (issue 46): each 3-D Secure test card's path through
 * the bank's challenge, and the ways a renter leaves it (a second tab, the back button, never
 * coming back) never paying twice nor booking without payment.
 */
let clock = new Date();
const processor = createSimulatedProcessor({ delayMs: 0, now: () => clock });
let ctx: TestContext;
const mailer = createMemoryMailer();
type Member = { cookie: string; user: { id: string } };
let renter: Member;
let other: Member;
let itemId: string;
let offset = 10;

beforeAll(async () => {
  ctx = await createTestApp({ mailer, now: () => clock, payments: processor });
  await insertCategories(ctx.database.db);
  const first = await renterAndOwner(ctx, mailer, 'sca@example.com');
  renter = first.renter;
  other = (await renterAndOwner(ctx, mailer, 'sca-other@example.com')).renter;
  itemId = (await createItem(ctx.database.db, first.owner.id, { name: 'Tile Cutter', dailyRatePence: 1500 })).id;
});
afterAll(async () => ctx?.close());

const cardOf = (number: string) => ({ number, expiry: '12/30', cvv: '123', name: 'Rita Renter' });

function lines() {
  offset += 3;
  const start = addDays(todayInLondon(clock), offset);
  return [{ itemId, startDate: start, endDate: addDays(start, 1) }];
}

const checkout = (number: string, ls = lines(), who = renter, idempotencyKey: string = randomUUID()) =>
  post(ctx.app, '/api/checkout', { lines: ls, card: cardOf(number), idempotencyKey }, { cookie: who.cookie });
const confirm = (attemptId: string, who = renter) =>
  post(ctx.app, `/api/checkout/attempts/${attemptId}/confirm`, {}, { cookie: who.cookie });
const answer = (attemptId: string, approve: boolean, who = renter) =>
  post(ctx.app, `/api/bank/challenges/${attemptId}`, { approve }, { cookie: who.cookie });
const attemptOf = async (attemptId: string, who = renter) =>
  ctx.app.inject({ method: 'GET', url: `/api/checkout/attempts/${attemptId}`, headers: { cookie: who.cookie } });

const rentalsOn = async (start: string) =>
  (
    await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from rentals where item_id = ${itemId} and start_date = ${start}::date and cancelled_at is null`,
    )
  )[0]!.n;

/** Starts a checkout with a challenge card; answers its attempt id after checking the 202. */
async function challenged(number: string = TEST_CARDS.challenge, ls = lines()) {
  const res = await checkout(number, ls);
  expect(res.statusCode, res.body).toBe(202);
  const body = res.json() as CheckoutChallenge;
  expect(body.nextAction).toEqual({ type: 'challenge', url: `/bank/challenge/${body.attemptId}` });
  return { attemptId: body.attemptId, lines: ls };
}

/**
 * The money invariants: every rental belongs to a payment captured once at the processor; every
 * other hold the processor made is released; no attempt waiting or failed keeps a hold; every
 * ledger posting sums to zero; each renter's statement reconciles with the ledger.
 */
async function expectMoneyInvariants() {
  const db = ctx.database.db;
  const booked = await queryRows<{ status: string; provider_reference: string }>(
    db,
    sql`select distinct p.status, p.provider_reference from payments p join rentals r on r.payment_id = p.id where r.item_id = ${itemId}`,
  );
  for (const p of booked) {
    expect(p.status).toBe('captured');
    expect(processor.holds.get(p.provider_reference)).toBe('captured');
  }
  const bookedRefs = new Set(booked.map((p) => p.provider_reference));
  for (const [id, state] of processor.holds) if (!bookedRefs.has(id)) expect(state, `hold ${id}`).toBe('voided');
  const kept = await queryRows(
    db,
    sql`select id from checkout_attempts where status <> 'succeeded' and cardinality(authorization_ids) > 0`,
  );
  expect(kept).toEqual([]);
  const unbalanced = await queryRows(
    db,
    sql`select transaction_id from ledger_entries group by transaction_id having sum(amount_pence) <> 0`,
  );
  expect(unbalanced).toEqual([]);
  const unpaid = await queryRows(db, sql`select r.id from rentals r left join payments p on p.id = r.payment_id where p.id is null`);
  expect(unpaid).toEqual([]);
  for (const member of [renter, other]) await expectStatementMatchesLedger(ctx.app, db, member);
}

describe('the simulated processor', () => {
  it('refuses to capture an authorisation after it lapsed (7 days by default), as a real processor does', async () => {
    let at = new Date('2026-03-02T10:00:00Z');
    const sim = createSimulatedProcessor({ delayMs: 0, now: () => at });
    const early = await sim.authorize({ amountPence: 1000, card: cardOf(TEST_CARDS.success), reference: 'a' });
    const late = await sim.authorize({ amountPence: 1000, card: cardOf(TEST_CARDS.success), reference: 'b' });
    if (!early.ok || !late.ok) throw new Error('The test card was declined.');
    at = new Date(at.getTime() + 7 * 86_400_000 - 1);
    await sim.capture(early.authorizationId);
    expect(sim.holds.get(early.authorizationId)).toBe('captured');
    at = new Date(at.getTime() + 1);
    const refused = await sim.capture(late.authorizationId).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(PaymentProcessorError);
    expect((refused as PaymentProcessorError).code).toBe('authorisation_expired');
    expect(sim.holds.get(late.authorizationId)).toBe('held');
    // A capture that already happened stays harmless to repeat.
    await sim.capture(early.authorizationId);
  });

  it('takes the validity from PAYMENTS_AUTHORISATION_DAYS', async () => {
    expect(loadConfig({ NODE_ENV: 'test' }).paymentAuthorisationDays).toBe(7);
    const days = loadConfig({ NODE_ENV: 'test', PAYMENTS_AUTHORISATION_DAYS: '2' }).paymentAuthorisationDays;
    expect(days).toBe(2);
    let at = new Date('2026-03-02T10:00:00Z');
    const sim = createSimulatedProcessor({ delayMs: 0, now: () => at, authorisationDays: days });
    const auth = await sim.authorize({ amountPence: 500, card: cardOf(TEST_CARDS.success), reference: 'c' });
    if (!auth.ok) throw new Error('The test card was declined.');
    at = new Date(at.getTime() + 2 * 86_400_000);
    await expect(sim.capture(auth.authorizationId)).rejects.toMatchObject({ code: 'authorisation_expired' });
  });

  it('declines a 3-D Secure card authorised without its authentication, and one whose challenge failed', async () => {
    const sim = createSimulatedProcessor({ delayMs: 0 });
    expect(await sim.authorize({ amountPence: 100, card: cardOf(TEST_CARDS.challenge), reference: 'd' })).toEqual({
      ok: false,
      reason: 'authentication_required',
    });
    const started = await sim.authenticate({ amountPence: 100, card: cardOf(TEST_CARDS.challenge), reference: 'd' });
    if (started.status !== 'challenge') throw new Error('The challenge card needs a challenge.');
    expect(started).toMatchObject({ brand: 'visa', last4: '3184' });
    expect(await sim.authenticationStatus(started.authenticationId)).toBe('pending');
    expect(await sim.authorize({ amountPence: 100, authenticationId: started.authenticationId, reference: 'd' })).toEqual({
      ok: false,
      reason: 'authentication_required',
    });
    expect(await sim.completeChallenge(started.authenticationId, false)).toBe('failed');
    // The first answer stands.
    expect(await sim.completeChallenge(started.authenticationId, true)).toBe('failed');
    expect(await sim.authenticate({ amountPence: 100, card: cardOf(TEST_CARDS.success), reference: 'e' })).toEqual({
      status: 'not_required',
    });
    expect(await sim.authenticate({ amountPence: 100, card: cardOf(TEST_CARDS.frictionless), reference: 'f' })).toMatchObject({
      status: 'authenticated',
    });
  });
});

describe('checkout with the bank challenge', () => {
  it('books a frictionless card at once, with no challenge', async () => {
    const ls = lines();
    const res = await checkout(TEST_CARDS.frictionless, ls);
    expect(res.statusCode, res.body).toBe(201);
    expect(await rentalsOn(ls[0]!.startDate)).toBe(1);
    const [payment] = await queryRows<{ last4: string; status: string }>(
      ctx.database.db,
      sql`select last4, status from payments where id = ${res.json().orderId}`,
    );
    expect(payment).toEqual({ last4: '3055', status: 'captured' });
    await expectMoneyInvariants();
  });

  it('waits for the challenge with nothing held, then books once it is approved; confirming again answers the same order', async () => {
    const before = processor.holds.size;
    const { attemptId, lines: ls } = await challenged();
    expect(processor.holds.size).toBe(before);
    expect(await rentalsOn(ls[0]!.startDate)).toBe(0);
    const waiting = (await attemptOf(attemptId)).json() as CheckoutAttempt;
    expect(waiting).toMatchObject({ status: 'awaiting_challenge', orderId: null, failure: null });
    expect(waiting.challenge).toMatchObject({ amountPence: 3300, brand: 'visa', last4: '3184' });
    // Coming back before answering the bank books nothing.
    const early = await confirm(attemptId);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.field).toBe('challenge');

    const answered = await answer(attemptId, true);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toEqual({ returnUrl: `/payment/card?attempt=${attemptId}` });
    const first = await confirm(attemptId);
    expect(first.statusCode, first.body).toBe(200);
    const again = await confirm(attemptId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await attemptOf(attemptId)).json()).toMatchObject({ status: 'succeeded', orderId: first.json().orderId });
    expect(await rentalsOn(ls[0]!.startDate)).toBe(1);
    // The bank's page answered twice (a double click) changes nothing.
    expect((await answer(attemptId, false)).statusCode).toBe(200);
    expect((await confirm(attemptId)).json()).toEqual(first.json());
    await expectMoneyInvariants();
  });

  it.each([
    ['refused on the bank page', TEST_CARDS.challenge, false, DECLINE_MESSAGES.authentication_failed],
    ['a challenge that fails even when approved', TEST_CARDS.challengeFails, true, DECLINE_MESSAGES.authentication_failed],
    ['declined by the bank after the challenge', TEST_CARDS.challengeThenDeclined, true, DECLINE_MESSAGES.insufficient_funds],
  ])('books nothing when %s, answering the same failure every time, and frees the dates', async (_label, number, approve, message) => {
    const { attemptId, lines: ls } = await challenged(number);
    expect((await answer(attemptId, approve)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) {
      const res = await confirm(attemptId);
      expect(res.statusCode).toBe(402);
      expect(res.json().error).toMatchObject({ code: 'PAYMENT_FAILED', message, field: 'card' });
    }
    expect((await attemptOf(attemptId)).json()).toMatchObject({ status: 'failed', failure: { message } });
    expect(await rentalsOn(ls[0]!.startDate)).toBe(0);
    // Another renter may book the days at once.
    expect((await checkout(TEST_CARDS.success, ls, other)).statusCode).toBe(201);
    await expectMoneyInvariants();
  });

  it('pays once when two tabs confirm at the same moment', async () => {
    const { attemptId, lines: ls } = await challenged();
    // The bank has the answer; neither tab has come back yet.
    const found = await queryRows<{ authentication_id: string }>(
      ctx.database.db,
      sql`select authentication_id from checkout_attempts where id = ${attemptId}`,
    );
    await processor.completeChallenge(found[0]!.authentication_id, true);
    const captures = [...processor.holds.values()].filter((s) => s === 'captured').length;
    const [a, b] = await Promise.all([confirm(attemptId), confirm(attemptId)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json()).toEqual(b.json());
    expect(await rentalsOn(ls[0]!.startDate)).toBe(1);
    expect([...processor.holds.values()].filter((s) => s === 'captured').length).toBe(captures + 1);
    await expectMoneyInvariants();
  });

  it('pays once when the bank page and the payment page finish it at the same moment', async () => {
    const { attemptId, lines: ls } = await challenged();
    const [banked, confirmed] = await Promise.all([answer(attemptId, true), confirm(attemptId)]);
    expect(banked.statusCode).toBe(200);
    // The payment page may have come back before the bank's answer (409: not finished) or after it.
    expect([200, 201, 409]).toContain(confirmed.statusCode);
    const settled = await confirm(attemptId);
    expect(settled.statusCode).toBe(200);
    expect(await rentalsOn(ls[0]!.startDate)).toBe(1);
    await expectMoneyInvariants();
  });

  it('answers the same challenge when Pay is pressed again with the same key (the back button)', async () => {
    const ls = lines();
    const key = randomUUID();
    const first = await checkout(TEST_CARDS.challenge, ls, renter, key);
    expect(first.statusCode).toBe(202);
    const second = await checkout(TEST_CARDS.challenge, ls, renter, key);
    expect(second.statusCode).toBe(202);
    expect(second.json()).toEqual(first.json());
    await answer(first.json().attemptId, true);
    const replay = await checkout(TEST_CARDS.challenge, ls, renter, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual((await confirm(first.json().attemptId)).json());
    expect(await rentalsOn(ls[0]!.startDate)).toBe(1);
    await expectMoneyInvariants();
  });

  it('shows and answers an attempt to its renter only', async () => {
    const { attemptId } = await challenged();
    expect((await attemptOf(attemptId, other)).statusCode).toBe(404);
    expect((await confirm(attemptId, other)).statusCode).toBe(404);
    expect((await answer(attemptId, true, other)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/checkout/attempts/${attemptId}` })).statusCode).toBe(401);
    expect((await attemptOf(attemptId)).json().status).toBe('awaiting_challenge');
  });

  it('holds the dates while the challenge is open; one never finished is swept after 15 minutes and the dates are free', async () => {
    const { attemptId, lines: ls } = await challenged();
    const meanwhile = await checkout(TEST_CARDS.success, ls, other);
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json().error.message).toMatch(/Someone else is paying for Tile Cutter/);

    clock = new Date(clock.getTime() + CHALLENGE_TIMEOUT_MS + 2_000);
    await ctx.app.jobs.runDue();
    expect((await attemptOf(attemptId)).json()).toMatchObject({
      status: 'failed',
      failure: { message: DECLINE_MESSAGES.authentication_abandoned },
    });
    // Approving at the bank too late books nothing.
    await answer(attemptId, true);
    const late = await confirm(attemptId);
    expect(late.statusCode).toBe(402);
    expect(late.json().error.message).toBe(DECLINE_MESSAGES.authentication_abandoned);
    expect(await rentalsOn(ls[0]!.startDate)).toBe(0);
    expect((await checkout(TEST_CARDS.success, ls, other)).statusCode).toBe(201);
    await expectMoneyInvariants();
  });

  it('gives up on a challenge past its time even before the sweep runs', async () => {
    const { attemptId, lines: ls } = await challenged();
    clock = new Date(clock.getTime() + CHALLENGE_TIMEOUT_MS);
    expect((await attemptOf(attemptId)).json()).toMatchObject({
      status: 'failed',
      failure: { message: DECLINE_MESSAGES.authentication_abandoned },
    });
    const res = await confirm(attemptId);
    expect(res.statusCode).toBe(402);
    expect((await checkout(TEST_CARDS.success, ls, other)).statusCode).toBe(201);
    await expectMoneyInvariants();
  });
});
