import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { londonTimeToInstant, TEST_CARDS } from '@toolshed/core';
import type { DepositCardChallenge, Order } from '@toolshed/core/contract';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser } from '../../test/auth-helpers.ts';
import { addBankAccount } from '../../test/bank-account.ts';
import { createItem, insertCategories } from '../../test/factories.ts';
import { queryRows } from '../../db/database.ts';
import type { PaymentProvider } from '../../platform/payments/payment-provider.ts';
import { createSimulatedProcessor } from '../../platform/payments/simulated-processor.ts';
import { rentalKit } from '../rentals/rental-test-kit.ts';

/**
 * The bank's approval of a deposit card's challenge and the sweep (the 15-minute timeout, or the
 * noon deadline) landing together (issue 46): whichever ends the challenge first wins, under the
 * rental's lock, and the other does nothing. The approval is held at the processor while the sweep
 * runs, so each order is reproduced exactly.
 */
let clock = londonTimeToInstant('2027-09-01', '09:00');
const processor = createSimulatedProcessor({ delayMs: 0, now: () => clock });
/** When set, the next deposit authorisation of a challenge waits here (the approval in flight). */
let gate: { reached: () => void; release: Promise<void> } | undefined;
const payments: PaymentProvider = {
  ...processor,
  async authorize(input) {
    const g = gate;
    if (g && input.reference.includes(':challenge:')) {
      gate = undefined;
      g.reached();
      await g.release;
    }
    return processor.authorize(input);
  },
};
let ctx: TestContext;
const mailer = createMemoryMailer();
const kit = rentalKit(() => ctx);
let renter: { cookie: string; user: { id: string } };
let ownerId: string;
const db = () => ctx.database.db;
const at = (date: string, time: string) => (clock = londonTimeToInstant(date, time));
const card = (number: string) => ({ number, expiry: '12/99', cvv: '123', name: 'Rita Renter' });

beforeAll(async () => {
  ctx = await createTestApp({ mailer, payments, now: () => clock });
  await insertCategories(db());
  renter = await createSignedInUser(ctx.app, mailer, 'rita@example.com', 'Rita Renter');
  const owner = await createSignedInUser(ctx.app, mailer, 'olive@example.com', 'Olive Owner');
  ownerId = owner.user.id;
  await addBankAccount(ctx.app, owner.cookie);
  await kit.saveAddress(renter.cookie);
  await db().execute(sql`update sessions set expires_at = now() + interval '10 years'`);
});
afterAll(async () => ctx?.close());

/** A rental starting on `startDate` whose deposit the saved card could not hold, and a challenge card given for it at `time` the day before. */
async function challenged(startDate: string, dayBefore: string, time: string) {
  const item = await createItem(db(), ownerId, { name: 'Floor Sander', dailyRatePence: 1200, depositPence: 6000, maxDays: 7 });
  const res = await kit.send('POST', '/api/checkout', renter.cookie, {
    lines: [{ itemId: item.id, startDate, endDate: startDate }],
    card: card(TEST_CARDS.frictionless),
    idempotencyKey: randomUUID(),
    useBalance: false,
  });
  expect(res.statusCode, res.body).toBe(201);
  const rentalId = ((await kit.send('GET', `/api/orders/${res.json().orderId}`, renter.cookie)).json() as Order).rentals[0]!.id;
  at(dayBefore, '00:00');
  await ctx.app.jobs.runDue();
  at(dayBefore, time);
  const asked = await kit.send('PUT', `/api/rentals/${rentalId}/deposit/card`, renter.cookie, { card: card(TEST_CARDS.challenge) });
  expect(asked.statusCode, asked.body).toBe(202);
  return { rentalId, challengeId: (asked.json() as DepositCardChallenge).challengeId, started: clock.getTime() };
}

const answer = (challengeId: string) => kit.send('POST', `/api/bank/deposit-challenges/${challengeId}`, renter.cookie, { approve: true });

/** The approval sent, and held at the processor until `release` is called. */
async function approvalInFlight(challengeId: string) {
  let release!: () => void;
  const reached = new Promise<void>((resolve) => {
    gate = { reached: resolve, release: new Promise<void>((r) => (release = r)) };
  });
  const response = answer(challengeId);
  await reached;
  return { response, release };
}

async function stateOf(rentalId: string, challengeId: string) {
  const [row] = await queryRows<{ status: string; authorization_id: string | null; decline_reason: string | null; challenge: string }>(
    db(),
    sql`select h.status, h.authorization_id, h.decline_reason, c.status as challenge
        from deposit_holds h join deposit_card_challenges c on c.hold_id = h.id
        where h.rental_id = ${rentalId} and c.id = ${challengeId}`,
  );
  return row!;
}
/** The processor's deposit authorisations (6000) and where each stands. */
const depositAuthorisations = () =>
  [...processor.amounts.entries()].filter(([, a]) => a.authorised === 6000).map(([id]) => processor.holds.get(id));
async function heldInLedger(rentalId: string): Promise<number> {
  const [row] = await queryRows<{ total: number }>(
    db(),
    sql`select coalesce(sum(amount_pence), 0)::int as total from ledger_entries where rental_id = ${rentalId} and account = 'deposit_held'`,
  );
  return row!.total;
}

describe('a deposit card challenge approved just as the sweep runs', () => {
  it('sweep first: the timeout fails it, the approval in flight answers a clear error and its authorisation is voided', async () => {
    const { rentalId, challengeId, started } = await challenged('2027-09-10', '2027-09-09', '08:00');
    const before = depositAuthorisations().length;
    clock = new Date(started + 15 * 60_000 - 500);
    const { response, release } = await approvalInFlight(challengeId);
    clock = new Date(started + 15 * 60_000 + 1_000);
    await ctx.app.jobs.runDue();
    expect(await stateOf(rentalId, challengeId)).toMatchObject({
      status: 'scheduled',
      decline_reason: 'deposit_check_abandoned',
      challenge: 'failed',
    });
    release();
    const res = await response;
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.message).toContain('had already ended');
    expect(await stateOf(rentalId, challengeId)).toMatchObject({
      status: 'scheduled',
      authorization_id: null,
      decline_reason: 'deposit_check_abandoned',
      challenge: 'failed',
    });
    expect(depositAuthorisations().slice(before)).toEqual(['voided']);
    expect(await heldInLedger(rentalId)).toBe(0);
  });

  it('approval first: the deposit is held, and the sweep after it leaves the hold and the challenge as they are', async () => {
    const { rentalId, challengeId, started } = await challenged('2027-09-12', '2027-09-11', '08:00');
    clock = new Date(started + 15 * 60_000 - 500);
    const { response, release } = await approvalInFlight(challengeId);
    release();
    expect((await response).statusCode).toBe(200);
    clock = new Date(started + 15 * 60_000 + 1_000);
    await ctx.app.jobs.runDue();
    const held = await stateOf(rentalId, challengeId);
    expect(held).toMatchObject({ status: 'held', decline_reason: null, challenge: 'held' });
    expect(processor.holds.get(held.authorization_id!)).toBe('held');
    expect(await heldInLedger(rentalId)).toBe(6000);
  });

  it('deadline first: noon fails the challenge, the approval in flight holds nothing and is voided', async () => {
    const { rentalId, challengeId } = await challenged('2027-09-14', '2027-09-13', '11:55');
    const before = depositAuthorisations().length;
    const { response, release } = await approvalInFlight(challengeId);
    at('2027-09-13', '12:00');
    await ctx.app.jobs.runDue();
    release();
    const res = await response;
    expect(res.statusCode, res.body).toBe(409);
    const after = await stateOf(rentalId, challengeId);
    expect(after.challenge).toBe('failed');
    expect(after.authorization_id).toBeNull();
    expect(after.status).not.toBe('held');
    expect(depositAuthorisations().slice(before)).toEqual(['voided']);
    expect(await heldInLedger(rentalId)).toBe(0);
  });

  it('approval first: held before noon, the deadline leaves the rental and its deposit', async () => {
    const { rentalId, challengeId } = await challenged('2027-09-16', '2027-09-15', '11:55');
    const { response, release } = await approvalInFlight(challengeId);
    release();
    expect((await response).statusCode).toBe(200);
    at('2027-09-15', '12:00');
    await ctx.app.jobs.runDue();
    expect(await stateOf(rentalId, challengeId)).toMatchObject({ status: 'held', challenge: 'held' });
    expect((await kit.rental(rentalId, renter.cookie)).status).not.toBe('cancelled');
    expect(await heldInLedger(rentalId)).toBe(6000);
  });
});
