import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECLINE_MESSAGES, londonTimeToInstant, TEST_CARDS } from '@toolshed/core';
import type { DepositCardChallenge, DepositChallenge, DepositView, Order } from '@toolshed/core/contract';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser } from '../../test/auth-helpers.ts';
import { addBankAccount } from '../../test/bank-account.ts';
import { createItem, insertCategories } from '../../test/factories.ts';
import { expectStatementMatchesLedger } from '../../test/statement-check.ts';
import { queryRows } from '../../db/database.ts';
import { createSimulatedProcessor } from '../../platform/payments/simulated-processor.ts';
import { rentalKit } from '../rentals/rental-test-kit.ts';

/**
 * Another card for a deposit whose bank asks for 3-D Secure (decisions 034 and 036): the renter
 * answers the same bank's page as at checkout, and the deposit is held when the bank approves; a
 * failed check or a decline after it is kept as the hold's reason, and another card can be given.
 */
let clock = londonTimeToInstant('2027-05-01', '09:00');
const processor = createSimulatedProcessor({ delayMs: 0, now: () => clock });
let ctx: TestContext;
const mailer = createMemoryMailer();
const kit = rentalKit(() => ctx);
type Person = { cookie: string; user: { id: string } };
let renter: Person;
let owner: Person;
const db = () => ctx.database.db;
const at = (date: string, time = '09:00') => (clock = londonTimeToInstant(date, time));
const card = (number: string) => ({ number, expiry: '12/99', cvv: '123', name: 'Rita Renter' });

beforeAll(async () => {
  ctx = await createTestApp({ mailer, payments: processor, now: () => clock });
  await insertCategories(db());
  renter = await createSignedInUser(ctx.app, mailer, 'rita@example.com', 'Rita Renter');
  owner = await createSignedInUser(ctx.app, mailer, 'olive@example.com', 'Olive Owner');
  await addBankAccount(ctx.app, owner.cookie);
  await kit.saveAddress(renter.cookie);
  await db().execute(sql`update sessions set expires_at = now() + interval '10 years'`);
});
afterAll(async () => ctx?.close());

/** A rental starting on `startDate` whose £50 deposit the saved (frictionless 3-D Secure) card could not hold the day before. */
async function declinedDeposit(startDate: string, dayBefore: string): Promise<string> {
  const item = await createItem(db(), owner.user.id, { name: 'Tile Cutter', dailyRatePence: 1200, depositPence: 5000, maxDays: 7 });
  const res = await kit.send('POST', '/api/checkout', renter.cookie, {
    lines: [{ itemId: item.id, startDate, endDate: startDate }],
    card: card(TEST_CARDS.frictionless),
    idempotencyKey: randomUUID(),
    useBalance: false,
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = (await kit.send('GET', `/api/orders/${res.json().orderId}`, renter.cookie)).json() as Order;
  at(dayBefore, '00:00');
  await ctx.app.jobs.runDue();
  at(dayBefore, '08:00');
  expect((await holdOf(order.rentals[0]!.id)).decline_reason).toBe('authentication_required');
  return order.rentals[0]!.id;
}

async function holdOf(rentalId: string) {
  const [row] = await queryRows<{ status: string; authorization_id: string | null; decline_reason: string | null }>(
    db(),
    sql`select status, authorization_id, decline_reason from deposit_holds where rental_id = ${rentalId}`,
  );
  return row!;
}
const giveCard = (rentalId: string, number: string) =>
  kit.send('PUT', `/api/rentals/${rentalId}/deposit/card`, renter.cookie, { card: card(number) });
const answer = (challengeId: string, who: Person, approve: boolean) =>
  kit.send('POST', `/api/bank/deposit-challenges/${challengeId}`, who.cookie, { approve });
const depositAuthorisations = () => [...processor.amounts.values()].filter((a) => a.authorised === 5000).length;

/** Each deposit authorisation held exactly when a held row names it; the ledger balanced; the statements reconcile. */
async function expectMoneyInvariants() {
  const rows = await queryRows<{ status: string; authorization_id: string | null; amount_pence: number }>(
    db(),
    sql`select status, authorization_id, amount_pence from deposit_holds`,
  );
  const heldIds = new Set(rows.filter((r) => r.status === 'held').map((r) => r.authorization_id));
  for (const [id, amount] of processor.amounts)
    if (amount.authorised === 5000) expect(processor.holds.get(id), id).toBe(heldIds.has(id) ? 'held' : 'voided');
  const unbalanced = await queryRows(
    db(),
    sql`select transaction_id from ledger_entries group by transaction_id having sum(amount_pence) <> 0`,
  );
  expect(unbalanced).toEqual([]);
  for (const member of [renter, owner]) await expectStatementMatchesLedger(ctx.app, db(), member);
}

describe('another card for a deposit, through the bank’s 3-D Secure challenge', () => {
  it('goes to the bank’s page; approved there, the deposit is held on it once, and only the renter can see or answer it', async () => {
    const rentalId = await declinedDeposit('2027-05-20', '2027-05-19');
    const asked = await giveCard(rentalId, TEST_CARDS.challenge);
    expect(asked.statusCode, asked.body).toBe(202);
    const { challengeId, nextAction } = asked.json() as DepositCardChallenge;
    expect(nextAction).toEqual({ type: 'challenge', url: `/bank/challenge/${challengeId}?for=deposit` });
    expect((await holdOf(rentalId)).status).toBe('scheduled');
    const seen = await kit.send('GET', `/api/deposit-challenges/${challengeId}`, renter.cookie);
    expect(seen.json() as DepositChallenge).toEqual({
      status: 'awaiting_challenge',
      rentalId,
      challenge: { amountPence: 5000, brand: 'visa', last4: '3184' },
    });
    // Nobody else sees or answers it.
    expect((await kit.send('GET', `/api/deposit-challenges/${challengeId}`, owner.cookie)).statusCode).toBe(404);
    expect((await answer(challengeId, owner, true)).statusCode).toBe(404);
    expect((await kit.send('GET', '/api/deposit-challenges/not-an-id', renter.cookie)).statusCode).toBe(404);
    const before = depositAuthorisations();

    const approved = await answer(challengeId, renter, true);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toEqual({ returnUrl: `/rentals/${rentalId}` });
    const held = await holdOf(rentalId);
    expect(held.status).toBe('held');
    expect(processor.holds.get(held.authorization_id!)).toBe('held');
    expect(depositAuthorisations()).toBe(before + 1);
    const view = (await kit.send('GET', `/api/rentals/${rentalId}/deposit`, renter.cookie)).json() as DepositView;
    expect(view.hold).toMatchObject({ state: 'held', cardNeededBy: null, declined: null });
    // The bank's answer sent again (a second tab, the back button): the same, nothing more held.
    expect((await answer(challengeId, renter, true)).json()).toEqual({ returnUrl: `/rentals/${rentalId}` });
    expect((await answer(challengeId, renter, false)).statusCode).toBe(200);
    expect((await holdOf(rentalId)).authorization_id).toBe(held.authorization_id);
    expect(depositAuthorisations()).toBe(before + 1);
    expect((await kit.send('GET', `/api/deposit-challenges/${challengeId}`, renter.cookie)).json()).toMatchObject({
      status: 'succeeded',
      challenge: null,
    });
    // A held deposit takes no more cards.
    expect((await giveCard(rentalId, TEST_CARDS.challenge)).statusCode).toBe(409);
    await expectMoneyInvariants();
  });

  it('keeps a failed check, or a decline after it, as the reason, and holds the deposit on the next card that works', async () => {
    const rentalId = await declinedDeposit('2027-06-10', '2027-06-09');
    const fails = (await giveCard(rentalId, TEST_CARDS.challengeFails)).json() as DepositCardChallenge;
    expect((await answer(fails.challengeId, renter, true)).statusCode).toBe(200);
    expect(await holdOf(rentalId)).toMatchObject({ status: 'scheduled', authorization_id: null, decline_reason: 'authentication_failed' });
    const view = (await kit.send('GET', `/api/rentals/${rentalId}/deposit`, renter.cookie)).json() as DepositView;
    expect(view.hold).toMatchObject({ state: 'scheduled', declined: DECLINE_MESSAGES.authentication_failed });
    expect(view.hold!.cardNeededBy).not.toBeNull();
    expect((await kit.send('GET', `/api/deposit-challenges/${fails.challengeId}`, renter.cookie)).json()).toMatchObject({
      status: 'failed',
    });

    const thenDeclined = (await giveCard(rentalId, TEST_CARDS.challengeThenDeclined)).json() as DepositCardChallenge;
    await answer(thenDeclined.challengeId, renter, true);
    expect(await holdOf(rentalId)).toMatchObject({ status: 'scheduled', decline_reason: 'insufficient_funds' });

    // Refused at the bank's page.
    const refused = (await giveCard(rentalId, TEST_CARDS.challenge)).json() as DepositCardChallenge;
    await answer(refused.challengeId, renter, false);
    expect(await holdOf(rentalId)).toMatchObject({ status: 'scheduled', decline_reason: 'authentication_failed' });

    // A card whose bank passes it without a challenge is held at once, on-session.
    const frictionless = await giveCard(rentalId, TEST_CARDS.frictionless);
    expect(frictionless.statusCode, frictionless.body).toBe(200);
    expect((frictionless.json() as DepositView).hold).toMatchObject({ state: 'held' });
    await expectMoneyInvariants();
  });

  it('gives the renter 15 minutes at the bank: the sweep then fails the check, a late approval holds nothing, and another card can be given', async () => {
    const rentalId = await declinedDeposit('2027-07-10', '2027-07-09');
    const started = clock.getTime();
    const asked = (await giveCard(rentalId, TEST_CARDS.challenge)).json() as DepositCardChallenge;
    const before = depositAuthorisations();
    clock = new Date(started + 15 * 60_000 - 1_000);
    await ctx.app.jobs.runDue();
    expect((await kit.send('GET', `/api/deposit-challenges/${asked.challengeId}`, renter.cookie)).json()).toMatchObject({
      status: 'awaiting_challenge',
    });
    clock = new Date(started + 15 * 60_000 + 1_000);
    await ctx.app.jobs.runDue();
    expect(await holdOf(rentalId)).toMatchObject({
      status: 'scheduled',
      authorization_id: null,
      decline_reason: 'deposit_check_abandoned',
    });
    const view = (await kit.send('GET', `/api/rentals/${rentalId}/deposit`, renter.cookie)).json() as DepositView;
    expect(view.hold).toMatchObject({ state: 'scheduled', declined: DECLINE_MESSAGES.deposit_check_abandoned });
    expect((await kit.send('GET', `/api/deposit-challenges/${asked.challengeId}`, renter.cookie)).json()).toMatchObject({
      status: 'failed',
      challenge: null,
    });
    // The bank's page answered after that: nothing is held.
    expect((await answer(asked.challengeId, renter, true)).statusCode).toBe(200);
    expect((await holdOf(rentalId)).status).toBe('scheduled');
    expect(depositAuthorisations()).toBe(before);

    // Answered late before the sweep has run: failed all the same.
    const again = (await giveCard(rentalId, TEST_CARDS.challenge)).json() as DepositCardChallenge;
    clock = new Date(clock.getTime() + 16 * 60_000);
    expect((await answer(again.challengeId, renter, true)).statusCode).toBe(200);
    expect(await holdOf(rentalId)).toMatchObject({ status: 'scheduled', decline_reason: 'deposit_check_abandoned' });
    expect(depositAuthorisations()).toBe(before);
    await ctx.app.jobs.runDue();
    expect((await holdOf(rentalId)).status).toBe('scheduled');

    // Answered in time, the next one holds the deposit; its sweep later changes nothing.
    const inTime = (await giveCard(rentalId, TEST_CARDS.challenge)).json() as DepositCardChallenge;
    clock = new Date(clock.getTime() + 14 * 60_000);
    expect((await answer(inTime.challengeId, renter, true)).statusCode).toBe(200);
    const held = await holdOf(rentalId);
    expect(held).toMatchObject({ status: 'held', decline_reason: null });
    clock = new Date(clock.getTime() + 2 * 60_000);
    await ctx.app.jobs.runDue();
    expect(await holdOf(rentalId)).toMatchObject({ status: 'held', authorization_id: held.authorization_id });
    await expectMoneyInvariants();
  });
});
