import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  declineMessage,
  formatPence,
  lapsedHoldProblem,
  londonTimeToInstant,
  NOT_RETURNED_HOLD_DAYS,
  notReturnedHoldEndsAt,
  renterRefundAt,
  TEST_CARDS,
  type CancellationPolicy,
} from '@toolshed/core';
import type { DepositView, Order } from '@toolshed/core/contract';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser } from '../../test/auth-helpers.ts';
import { addBankAccount } from '../../test/bank-account.ts';
import { createItem, insertCategories } from '../../test/factories.ts';
import { expectStatementMatchesLedger } from '../../test/statement-check.ts';
import { queryRows } from '../../db/database.ts';
import { createSimulatedProcessor } from '../../platform/payments/simulated-processor.ts';
import { rentalKit } from '../rentals/rental-test-kit.ts';
import { DEPOSIT_NOT_HELD_REASON } from '../rentals/rentals-module.ts';

/**
 * Deposits held when they can last (issue 46, decision 036): a deposit is authorised off-session
 * with the card saved at checkout 24 hours before the start (at checkout when the start is that
 * close); a decline is told to the renter, who may give another card until 12 hours before the
 * start, else the rental is cancelled and the owner told; a held authorisation is renewed a day
 * before it lapses, and a failed renewal leaves a lapsed hold no owner's claim can draw on.
 */
let clock = londonTimeToInstant('2027-03-01', '09:00');
const processor = createSimulatedProcessor({ delayMs: 0, now: () => clock });
let ctx: TestContext;
const mailer = createMemoryMailer();
const kit = rentalKit(() => ctx);
type Person = { cookie: string; user: { id: string } };
let renter: Person;
let owner: Person;
let outsider: Person;
const db = () => ctx.database.db;

const at = (date: string, time = '09:00') => (clock = londonTimeToInstant(date, time));
const runJobs = () => ctx.app.jobs.runDue();
const card = (number: string) => ({ number, expiry: '12/99', cvv: '123', name: 'Rita Renter' });

beforeAll(async () => {
  ctx = await createTestApp({ mailer, payments: processor, now: () => clock });
  await insertCategories(db());
  renter = await createSignedInUser(ctx.app, mailer, 'rita@example.com', 'Rita Renter');
  owner = await createSignedInUser(ctx.app, mailer, 'olive@example.com', 'Olive Owner');
  outsider = await createSignedInUser(ctx.app, mailer, 'nosy@example.com', 'Ned Nosy');
  await addBankAccount(ctx.app, owner.cookie);
  await kit.saveAddress(renter.cookie);
  // The clock moves by months: the sessions outlive it.
  await db().execute(sql`update sessions set expires_at = now() + interval '10 years'`);
});
afterAll(async () => ctx?.close());

async function book(
  startDate: string,
  endDate: string,
  number: string = TEST_CARDS.success,
  maxDays = 7,
  depositPence = 5000,
  cancellationPolicy: CancellationPolicy = 'flexible',
): Promise<string> {
  const item = await createItem(db(), owner.user.id, {
    name: 'Mitre Saw',
    dailyRatePence: 1200,
    depositPence,
    maxDays,
    cancellationPolicy,
  });
  const res = await kit.send('POST', '/api/checkout', renter.cookie, {
    lines: [{ itemId: item.id, startDate, endDate }],
    card: card(number),
    idempotencyKey: randomUUID(),
    useBalance: false,
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = (await kit.send('GET', `/api/orders/${res.json().orderId}`, renter.cookie)).json() as Order;
  return order.rentals[0]!.id;
}

async function holdOf(rentalId: string) {
  const [row] = await queryRows<{
    status: string;
    authorization_id: string | null;
    payment_method_id: string | null;
    captured_pence: number | null;
    decline_reason: string | null;
  }>(
    db(),
    sql`select status, authorization_id, payment_method_id, captured_pence, decline_reason from deposit_holds where rental_id = ${rentalId}`,
  );
  return row!;
}

const depositOf = async (rentalId: string, who: Person) => {
  const res = await kit.send('GET', `/api/rentals/${rentalId}/deposit`, who.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DepositView;
};
const giveCard = (rentalId: string, who: Person, number: string) =>
  kit.send('PUT', `/api/rentals/${rentalId}/deposit/card`, who.cookie, { card: card(number) });

async function account(userId: string, name: string): Promise<number> {
  const [row] = await queryRows<{ total: number }>(
    db(),
    sql`select coalesce(sum(amount_pence), 0)::int as total from ledger_entries where user_id = ${userId} and account = ${name}`,
  );
  return row!.total;
}
async function noticesOf(userId: string, rentalId: string): Promise<string[]> {
  const rows = await queryRows<{ title: string }>(
    db(),
    sql`select title from notifications where user_id = ${userId} and rental_id = ${rentalId} order by created_at, title`,
  );
  return rows.map((r) => r.title);
}
/** The deposit authorisations the processor made of `pence` (the items' deposits; the rentals' payments are other amounts). */
const depositAuthorisations = (pence = [5000, 4321]) =>
  [...processor.amounts.entries()].filter(([, a]) => pence.includes(a.authorised)).map(([id]) => id);
/** What the ledger holds of the renter's card for one rental's deposit. */
async function heldFor(rentalId: string): Promise<number> {
  const [row] = await queryRows<{ total: number }>(
    db(),
    sql`select coalesce(sum(amount_pence), 0)::int as total from ledger_entries where rental_id = ${rentalId} and account = 'deposit_held'`,
  );
  return row!.total;
}

/**
 * The money invariants: each processor authorisation of a deposit is held exactly when a held row
 * names it, captured when a captured row does, and voided otherwise (replaced, released, lapsed); no scheduled or cancelled row names one; every
 * ledger posting sums to zero; the renter's deposit_held account is what the held rows hold; both
 * parties' statements reconcile with the ledger.
 */
async function expectMoneyInvariants() {
  const rows = await queryRows<{ status: string; authorization_id: string | null; amount_pence: number }>(
    db(),
    sql`select status, authorization_id, amount_pence from deposit_holds`,
  );
  const named = new Map(rows.filter((r) => r.authorization_id).map((r) => [r.authorization_id!, r.status]));
  for (const id of depositAuthorisations()) {
    const state = named.get(id);
    expect(processor.holds.get(id), `authorisation ${id}`).toBe(state === 'held' ? 'held' : state === 'captured' ? 'captured' : 'voided');
  }
  for (const r of rows) if (r.status === 'scheduled' || r.status === 'cancelled') expect(r.authorization_id).toBeNull();
  const unbalanced = await queryRows(
    db(),
    sql`select transaction_id from ledger_entries group by transaction_id having sum(amount_pence) <> 0`,
  );
  expect(unbalanced).toEqual([]);
  const heldPence = rows.filter((r) => r.status === 'held').reduce((s, r) => s + r.amount_pence, 0);
  expect(await account(renter.user.id, 'deposit_held')).toBe(heldPence);
  for (const member of [renter, owner]) await expectStatementMatchesLedger(ctx.app, db(), member);
}

describe("the simulated processor's saved payment methods", () => {
  it('authorise off-session as the card would, except a card that asks for 3-D Secure', async () => {
    const sim = createSimulatedProcessor({ delayMs: 0 });
    const offSession = async (number: string) => {
      const saved = await sim.savePaymentMethod({ card: card(number), reference: number });
      if (!saved.ok) throw new Error('not saved');
      expect(saved.last4).toBe(number.replace(/\s/g, '').slice(-4));
      return sim.authorize({ amountPence: 1000, paymentMethodId: saved.paymentMethodId, offSession: true, reference: 'r' });
    };
    expect(await offSession(TEST_CARDS.success)).toMatchObject({ ok: true });
    expect(await offSession(TEST_CARDS.declined)).toEqual({ ok: false, reason: 'declined' });
    expect(await offSession(TEST_CARDS.insufficientFunds)).toEqual({ ok: false, reason: 'insufficient_funds' });
    for (const number of [TEST_CARDS.frictionless, TEST_CARDS.challenge])
      expect(await offSession(number)).toEqual({ ok: false, reason: 'authentication_required' });
    expect(await sim.authorize({ amountPence: 1000, paymentMethodId: 'sim_pm_unknown', offSession: true, reference: 'r' })).toEqual({
      ok: false,
      reason: 'declined',
    });
    // A card held by a failed 3-D Secure authentication is not saved.
    const sca = await sim.authenticate({ amountPence: 1000, card: card(TEST_CARDS.challenge), reference: 'c' });
    if (sca.status !== 'challenge') throw new Error('expected a challenge');
    await sim.completeChallenge(sca.authenticationId, false);
    expect(await sim.savePaymentMethod({ authenticationId: sca.authenticationId, reference: 'c' })).toEqual({
      ok: false,
      reason: 'authentication_required',
    });
  });
});

describe('a deposit booked more than a day ahead', () => {
  it('is scheduled at checkout with the saved card (nothing authorised), and held off-session 24 hours before the start', async () => {
    at('2027-03-01');
    const before = depositAuthorisations().length;
    const rentalId = await book('2027-03-22', '2027-03-24');
    const scheduled = await holdOf(rentalId);
    expect(scheduled).toMatchObject({ status: 'scheduled', authorization_id: null, captured_pence: null });
    expect(await processor.paymentMethods.get(scheduled.payment_method_id!)).toMatchObject({ kind: 'approved' });
    expect(depositAuthorisations()).toHaveLength(before);
    expect(await heldFor(rentalId)).toBe(0);
    // The rental page says what will be held, as the payment page did.
    expect((await kit.rental(rentalId, renter.cookie)).depositHeldPence).toBe(5000);
    const view = await depositOf(rentalId, renter);
    expect(view.hold).toMatchObject({
      state: 'scheduled',
      holdsAt: londonTimeToInstant('2027-03-21', '00:00').toISOString(),
      cardNeededBy: null,
    });
    expect(view.hold!.note).toContain('will be held on your card');
    // Nobody else sees it or gives a card for it.
    expect((await kit.send('GET', `/api/rentals/${rentalId}/deposit`, outsider.cookie)).statusCode).toBe(404);
    expect((await giveCard(rentalId, outsider, TEST_CARDS.success)).statusCode).toBe(404);
    await expectMoneyInvariants();

    at('2027-03-20', '23:59');
    await runJobs();
    expect((await holdOf(rentalId)).status).toBe('scheduled');
    at('2027-03-21', '00:00');
    await runJobs();
    const held = await holdOf(rentalId);
    expect(held.status).toBe('held');
    expect(processor.holds.get(held.authorization_id!)).toBe('held');
    expect(processor.amounts.get(held.authorization_id!)).toEqual({ authorised: 5000 });
    expect(await heldFor(rentalId)).toBe(5000);
    expect((await depositOf(rentalId, owner)).hold).toMatchObject({ state: 'held', holdsAt: null, note: null });
    // The owner giving a card, or the renter once it is held: refused.
    expect((await giveCard(rentalId, owner, TEST_CARDS.success)).statusCode).toBe(404);
    expect((await giveCard(rentalId, renter, TEST_CARDS.success)).statusCode).toBe(409);
    await expectMoneyInvariants();
  });

  it('holds the authorisation a run that died after the processor answered had made, and nothing twice', async () => {
    at('2027-03-02');
    const rentalId = await book('2027-03-25', '2027-03-26');
    const [row] = await queryRows<{ id: string; payment_method_id: string }>(
      db(),
      sql`select id, payment_method_id from deposit_holds where rental_id = ${rentalId}`,
    );
    at('2027-03-24', '00:00');
    // The job's first run asked the processor, then died before its commit: the answer was lost.
    const lost = await processor.authorize({
      amountPence: 5000,
      paymentMethodId: row!.payment_method_id,
      offSession: true,
      reference: `deposit:${row!.id}:authorise`,
    });
    expect(lost.ok).toBe(true);
    const before = depositAuthorisations().length;
    await runJobs();
    const held = await holdOf(rentalId);
    expect(held.status).toBe('held');
    expect(held.authorization_id).toBe(lost.ok && lost.authorizationId);
    expect(depositAuthorisations()).toHaveLength(before);
    expect(await heldFor(rentalId)).toBe(5000);
    await expectMoneyInvariants();
  });

  it('is held at checkout, as before, when the rental starts within 24 hours', async () => {
    at('2027-04-01', '09:00');
    const rentalId = await book('2027-04-02', '2027-04-03');
    const hold = await holdOf(rentalId);
    expect(hold.status).toBe('held');
    expect(processor.holds.get(hold.authorization_id!)).toBe('held');
    expect(hold.payment_method_id).not.toBeNull();
    await expectMoneyInvariants();
  });

  it('tells the renter at once when the saved card declines off-session, and holds it on the card they give instead', async () => {
    at('2027-04-05');
    // A card whose bank asks for 3-D Secure (here passed without a challenge): fine at checkout, declined off-session.
    const rentalId = await book('2027-04-20', '2027-04-21', TEST_CARDS.frictionless);
    expect((await holdOf(rentalId)).status).toBe('scheduled');
    at('2027-04-19', '00:00');
    await runJobs();
    expect(await holdOf(rentalId)).toMatchObject({
      status: 'scheduled',
      authorization_id: null,
      decline_reason: 'authentication_required',
    });
    expect(await noticesOf(renter.user.id, rentalId)).toContain('Deposit not held: Mitre Saw');
    const email = mailer.sent.filter((m) => m.to === 'rita@example.com' && m.subject.includes('Deposit not held'));
    expect(email).toHaveLength(1);
    expect(email[0]!.text).toContain('by 12:00 on');
    const view = await depositOf(rentalId, renter);
    expect(view.hold).toMatchObject({ state: 'scheduled', cardNeededBy: londonTimeToInstant('2027-04-19', '12:00').toISOString() });
    expect(view.hold!.note).toContain('Please add another card');
    // Why, in the processor's words, for the page that asks for another card.
    expect(view.hold!.declined).toBe(declineMessage('authentication_required'));
    await expectMoneyInvariants();

    at('2027-04-19', '08:00');
    const declined = await giveCard(rentalId, renter, TEST_CARDS.insufficientFunds);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error.message).toContain('The deposit could not be held on this card.');
    expect((await holdOf(rentalId)).status).toBe('scheduled');
    const bad = await giveCard(rentalId, renter, '4242');
    expect(bad.statusCode).toBe(400);
    const given = await giveCard(rentalId, renter, TEST_CARDS.success);
    expect(given.statusCode, given.body).toBe(200);
    expect((given.json() as DepositView).hold).toMatchObject({ state: 'held', cardNeededBy: null });
    const held = await holdOf(rentalId);
    expect(held.status).toBe('held');
    // The earlier decline no longer stands: held, its reason is cleared.
    expect(held.decline_reason).toBeNull();
    expect(processor.holds.get(held.authorization_id!)).toBe('held');
    expect(await noticesOf(owner.user.id, rentalId)).toContain('Deposit held: Mitre Saw');
    // The deadline passes with the deposit held: the rental stands.
    at('2027-04-19', '12:00');
    await runJobs();
    expect((await kit.rental(rentalId, renter.cookie)).cancellation).toBeNull();
    await expectMoneyInvariants();
  });

  it('cancels the rental 12 hours before the start when no card holds the deposit, and tells the owner; nothing is held', async () => {
    at('2027-05-03');
    const rentalId = await book('2027-05-20', '2027-05-21', TEST_CARDS.frictionless);
    at('2027-05-19', '00:00');
    await runJobs();
    expect((await holdOf(rentalId)).status).toBe('scheduled');
    at('2027-05-19', '11:59');
    await runJobs();
    expect((await kit.rental(rentalId, renter.cookie)).cancellation).toBeNull();
    at('2027-05-19', '12:00');
    await runJobs();
    const rental = await kit.rental(rentalId, renter.cookie);
    expect(rental.cancellation).toMatchObject({ by: 'system', reason: DEPOSIT_NOT_HELD_REASON });
    expect(rental.cancellation!.refundPence).toBeGreaterThan(0);
    expect(await holdOf(rentalId)).toMatchObject({ status: 'cancelled', authorization_id: null });
    expect(await noticesOf(owner.user.id, rentalId)).toContain('Booking cancelled: Mitre Saw');
    expect(mailer.sent.some((m) => m.to === 'olive@example.com' && m.text.includes(DEPOSIT_NOT_HELD_REASON))).toBe(true);
    expect((await depositOf(rentalId, renter)).hold).toMatchObject({ state: 'cancelled' });
    // Too late for a card now.
    expect((await giveCard(rentalId, renter, TEST_CARDS.success)).statusCode).toBe(409);
    await expectMoneyInvariants();
  });

  // Decision 042: no card of the renter's held the deposit, so Toolshed cancels as the renter's own cancellation at
  // noon the day before, under the item's policy. Flexible's full refund ended at midnight (its 24-hour deadline,
  // when the saved card was declined), Moderate's five days and Strict's half refund seven days before.
  it.each([
    ['flexible', 'Flexible', '2027-05-21', '2027-05-24', 50],
    ['moderate', 'Moderate', '2027-05-24', '2027-05-27', 50],
    ['strict', 'Strict', '2027-05-27', '2027-05-30', 0],
  ] as const)(
    'cancels under the %s policy at the deadline: the renter gets what their cancellation then would, the owner keeps the rest, both told the amounts',
    async (policy, label, bookedOn, startDate, percent) => {
      at(bookedOn, '13:00');
      const rentalId = await book(startDate, startDate, TEST_CARDS.frictionless, 7, 5000, policy);
      const before = await kit.rental(rentalId, renter.cookie);
      const ownerAvailable = await account(owner.user.id, 'available');
      const dayBefore = addDays(startDate, -1);
      at(dayBefore, '00:00');
      await runJobs();
      expect(await holdOf(rentalId)).toMatchObject({ status: 'scheduled', decline_reason: 'authentication_required' });
      // The deadline: noon the day before.
      at(dayBefore, '11:59');
      await runJobs();
      expect((await kit.rental(rentalId, renter.cookie)).cancellation).toBeNull();
      at(dayBefore, '12:00');
      const expected = renterRefundAt(
        { policy, startDate, linePence: before.totalPence, feePence: before.paidPence - before.totalPence },
        clock,
      );
      expect(expected.percent).toBe(percent);
      await runJobs();
      const rental = await kit.rental(rentalId, renter.cookie);
      expect(rental.cancellation).toMatchObject({ by: 'system', reason: DEPOSIT_NOT_HELD_REASON, refundPence: expected.refundPence });
      const [row] = await queryRows<{ refund_percent: number }>(db(), sql`select refund_percent from rentals where id = ${rentalId}`);
      expect(row!.refund_percent).toBe(percent);
      // The owner keeps their earnings' share the policy gives them; nothing stays pending for the rental.
      const kept = (await account(owner.user.id, 'available')) - ownerAvailable;
      expect(kept).toBeGreaterThan(0);
      const [pending] = await queryRows<{ total: number }>(
        db(),
        sql`select coalesce(sum(amount_pence), 0)::int as total from ledger_entries where rental_id = ${rentalId} and user_id = ${owner.user.id} and account = 'pending'`,
      );
      expect(pending!.total).toBe(0);
      const mails = (to: string) => mailer.sent.filter((m) => m.to === to && m.text.includes(`${label} policy`));
      const toOwner = mails('olive@example.com').at(-1)!;
      expect(toOwner.text).toContain(`you keep ${formatPence(kept)} of your earnings`);
      expect(toOwner.text).toContain(`the renter gets ${formatPence(expected.refundPence)} back (${percent}%)`);
      const toRenter = mails('rita@example.com').at(-1)!;
      expect(toRenter.text).toContain(DEPOSIT_NOT_HELD_REASON);
      expect(toRenter.text).toContain(
        percent > 0
          ? `${formatPence(expected.refundPence)} (${percent}% of what you paid) comes back to you`
          : 'nothing of what you paid comes back',
      );
      expect(toRenter.text).toContain(`the owner keeps ${formatPence(kept)}`);
      expect(await noticesOf(renter.user.id, rentalId)).toContain('Rental cancelled: Mitre Saw');
      expect(await holdOf(rentalId)).toMatchObject({ status: 'cancelled', authorization_id: null });
      await expectMoneyInvariants();
    },
  );

  it('ends a scheduled deposit without authorising it when the renter cancels first', async () => {
    at('2027-06-01');
    const rentalId = await book('2027-06-20', '2027-06-21', TEST_CARDS.success, 7, 4321);
    expect((await kit.cancel(rentalId, renter.cookie)).statusCode).toBe(200);
    await runJobs();
    expect(await holdOf(rentalId)).toMatchObject({ status: 'cancelled', authorization_id: null });
    at('2027-06-19', '00:00');
    await runJobs();
    expect(depositAuthorisations([4321])).toEqual([]);
    expect((await holdOf(rentalId)).status).toBe('cancelled');
    await expectMoneyInvariants();
  });
});

describe('a held deposit whose authorisation would lapse before the claim window closes', () => {
  it('is renewed off-session a day before it lapses; the old authorisation is voided after the new one is held', async () => {
    at('2027-07-01', '09:00');
    const rentalId = await book('2027-07-02', '2027-07-11', TEST_CARDS.success, 14);
    const first = (await holdOf(rentalId)).authorization_id!;
    at('2027-07-07', '08:59');
    await runJobs();
    expect((await holdOf(rentalId)).authorization_id).toBe(first);
    at('2027-07-07', '09:00');
    await runJobs();
    const second = (await holdOf(rentalId)).authorization_id!;
    expect(second).not.toBe(first);
    expect(processor.holds.get(first)).toBe('voided');
    expect(processor.holds.get(second)).toBe('held');
    expect(await heldFor(rentalId)).toBe(5000);
    // Returned on time: the window closes on 14 July at midnight, before the new authorisation lapses (09:00): no more renewals.
    at('2027-07-11', '17:00');
    expect((await kit.markReturned(rentalId, owner.cookie)).statusCode).toBe(204);
    at('2027-07-13', '09:00');
    await runJobs();
    expect((await holdOf(rentalId)).authorization_id).toBe(second);
    // A claim captures from the renewed authorisation.
    at('2027-07-13', '10:00');
    const claim = await kit.send('POST', `/api/rentals/${rentalId}/claims`, owner.cookie, {
      kind: 'damaged',
      amountPence: 1500,
      note: 'Cracked guard',
    });
    expect(claim.statusCode, claim.body).toBe(201);
    await kit.send('POST', `/api/claims/${(claim.json() as DepositView).claims[0]!.id}/accept`, renter.cookie, {});
    await runJobs();
    expect(await holdOf(rentalId)).toMatchObject({ status: 'captured', captured_pence: 1500 });
    expect(processor.holds.get(second)).toBe('captured');
    await expectMoneyInvariants();
  });

  it('lapses when the renewal is declined: both told, the ledger releases it, and an owner claim is refused clearly', async () => {
    at('2027-08-01', '09:00');
    const rentalId = await book('2027-08-02', '2027-08-10', TEST_CARDS.frictionless, 14);
    const first = (await holdOf(rentalId)).authorization_id!;
    at('2027-08-07', '09:00');
    await runJobs();
    // Declined off-session: still held until it lapses.
    expect(await holdOf(rentalId)).toMatchObject({ status: 'held', authorization_id: first, decline_reason: 'authentication_required' });
    at('2027-08-08', '09:00');
    await runJobs();
    expect(await holdOf(rentalId)).toMatchObject({ status: 'lapsed', captured_pence: 0 });
    expect(processor.holds.get(first)).toBe('voided');
    expect(await heldFor(rentalId)).toBe(0);
    expect(await noticesOf(owner.user.id, rentalId)).toContain('Deposit no longer held: Mitre Saw');
    expect(await noticesOf(renter.user.id, rentalId)).toContain('Deposit no longer held: Mitre Saw');
    const view = await depositOf(rentalId, owner);
    expect(view.hold).toMatchObject({ state: 'lapsed' });
    expect(view.hold!.note).toContain('no longer held');
    at('2027-08-10', '17:00');
    expect((await kit.markReturned(rentalId, owner.cookie)).statusCode).toBe(204);
    const ownerBefore = await account(owner.user.id, 'available');
    const refused = await kit.send('POST', `/api/rentals/${rentalId}/claims`, owner.cookie, {
      kind: 'damaged',
      amountPence: 1000,
      note: 'Cracked guard',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('lapsed and could not be renewed');
    expect((await depositOf(rentalId, owner)).canReport).toEqual([]);
    await runJobs();
    expect(await account(owner.user.id, 'available')).toBe(ownerBefore);
    await expectMoneyInvariants();
  });
});

describe('a never-returned rental (decision 042)', () => {
  it(`renews its deposit until ${NOT_RETURNED_HOLD_DAYS} days after the end date, then lets the last authorisation lapse; the claim path says the hold has ended`, async () => {
    at('2027-09-01', '09:00');
    const rentalId = await book('2027-09-02', '2027-09-03', TEST_CARDS.success, 14);
    const first = (await holdOf(rentalId)).authorization_id!;
    const authorisations = [first];
    // Not returned: renewed a day before each authorisation lapses, while the authorisation would lapse before the bound.
    const bound = notReturnedHoldEndsAt('2027-09-03');
    expect(bound.toISOString()).toBe(londonTimeToInstant('2027-09-18', '00:00').toISOString());
    for (const day of ['2027-09-07', '2027-09-13']) {
      at(day, '09:00');
      await runJobs();
      const now = (await holdOf(rentalId)).authorization_id!;
      expect(now, day).not.toBe(authorisations.at(-1));
      expect(processor.holds.get(authorisations.at(-1)!)).toBe('voided');
      authorisations.push(now);
    }
    // The third authorisation (13 Sept, 09:00) lapses on 20 Sept, after the bound: no more renewal.
    at('2027-09-19', '09:00');
    await runJobs();
    const last = authorisations.at(-1)!;
    expect(await holdOf(rentalId)).toMatchObject({ status: 'held', authorization_id: last, decline_reason: null });
    expect(processor.holds.get(last)).toBe('held');
    at('2027-09-20', '08:59');
    await runJobs();
    expect((await holdOf(rentalId)).status).toBe('held');
    at('2027-09-20', '09:00');
    await runJobs();
    expect(await holdOf(rentalId)).toMatchObject({ status: 'lapsed', captured_pence: 0 });
    expect(processor.holds.get(last)).toBe('voided');
    expect(await heldFor(rentalId)).toBe(0);
    expect(await noticesOf(owner.user.id, rentalId)).toContain('Deposit no longer held: Mitre Saw');
    expect(await noticesOf(renter.user.id, rentalId)).toContain('Deposit no longer held: Mitre Saw');
    expect(
      mailer.sent.some((m) => m.to === 'olive@example.com' && m.text.includes(`not marked returned within ${NOT_RETURNED_HOLD_DAYS} days`)),
    ).toBe(true);
    const view = await depositOf(rentalId, owner);
    expect(view.hold).toMatchObject({ state: 'lapsed' });
    expect(view.hold!.note).toContain(`not marked returned within ${NOT_RETURNED_HOLD_DAYS} days`);
    expect(view.canReport).toEqual([]);
    const refused = await kit.send('POST', `/api/rentals/${rentalId}/claims`, owner.cookie, {
      kind: 'not_returned',
      amountPence: 1000,
      note: 'Never came back',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(lapsedHoldProblem(true));
    // Nothing renews it again.
    at('2027-10-20', '09:00');
    await runJobs();
    expect((await holdOf(rentalId)).status).toBe('lapsed');
    expect(depositAuthorisations().filter((id) => processor.holds.get(id) === 'held' && authorisations.includes(id))).toEqual([]);
    await expectMoneyInvariants();
  });

  it('keeps renewing past the bound while an owner claim on the hold waits', async () => {
    at('2027-11-01', '09:00');
    const rentalId = await book('2027-11-02', '2027-11-03', TEST_CARDS.success, 14);
    at('2027-11-05', '10:00');
    const claim = await kit.send('POST', `/api/rentals/${rentalId}/claims`, owner.cookie, {
      kind: 'not_returned',
      amountPence: 3000,
      note: 'Not back',
    });
    expect(claim.statusCode, claim.body).toBe(201);
    const claimId = (claim.json() as DepositView).claims[0]!.id;
    expect((await kit.send('POST', `/api/claims/${claimId}/dispute`, renter.cookie, { reply: 'I left it by the door' })).statusCode).toBe(
      200,
    );
    for (const day of ['2027-11-07', '2027-11-13', '2027-11-19', '2027-11-25']) {
      at(day, '09:00');
      await runJobs();
    }
    const held = await holdOf(rentalId);
    expect(held.status).toBe('held');
    expect(processor.holds.get(held.authorization_id!)).toBe('held');
    // Agreed at last: captured from the renewed authorisation.
    at('2027-11-26', '10:00');
    expect((await kit.send('POST', `/api/claims/${claimId}/accept`, renter.cookie, {})).statusCode).toBe(200);
    await runJobs();
    expect(await holdOf(rentalId)).toMatchObject({ status: 'captured', captured_pence: 3000 });
    await expectMoneyInvariants();
  });

  it('is renewed after all when the owner reports it not returned after renewals stopped, before the hold lapses', async () => {
    at('2027-12-01', '09:00');
    const rentalId = await book('2027-12-02', '2027-12-03', TEST_CARDS.success, 14);
    for (const day of ['2027-12-07', '2027-12-13', '2027-12-19']) {
      at(day, '09:00');
      await runJobs();
    }
    // The bound (18 December) has passed: no renewal on the 19th; the authorisation of the 13th lapses on the 20th.
    const last = (await holdOf(rentalId)).authorization_id!;
    at('2027-12-19', '18:00');
    const claim = await kit.send('POST', `/api/rentals/${rentalId}/claims`, owner.cookie, {
      kind: 'not_returned',
      amountPence: 5000,
      note: 'Still not back',
    });
    expect(claim.statusCode, claim.body).toBe(201);
    at('2027-12-20', '09:00');
    await runJobs();
    const now = await holdOf(rentalId);
    expect(now.status).toBe('held');
    expect(now.authorization_id).not.toBe(last);
    expect(processor.holds.get(now.authorization_id!)).toBe('held');
    expect(processor.holds.get(last)).toBe('voided');
    await expectMoneyInvariants();
  });
});
