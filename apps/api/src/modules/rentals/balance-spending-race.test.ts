import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, INVALID_AMOUNT, todayInLondon } from '@toolshed/core';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createItem } from '../../test/factories.ts';
import { queryRows } from '../../db/database.ts';
import { createSimulatedProcessor } from '../../platform/payments/simulated-processor.ts';
import { postTransaction } from '../ledger/ledger-repository.ts';
import { rentalKit, signInParties, type Party } from './rental-test-kit.ts';
import { addBankAccount } from '../../test/bank-account.ts';

/**
 * Spending one balance twice at the same moment: two extensions paid from it, an extension and a
 * withdrawal of all of it, an owner accepting an extension paid from it while the renter withdraws it.
 * On PostgreSQL the requests really run in parallel (a pool of connections); each pair must end in
 * one payment and one refusal that says why, never a 5xx and never a balance below zero.
 */
let ctx: TestContext;
const mailer = createMemoryMailer();
const kit = rentalKit(() => ctx);
let renter: Party;
let owner: Party;
const TRIALS = 20;
/** What the renter holds before each trial: one £16.50 extension fits, two do not. */
const BALANCE = 2200;
const EXTENSION = 1650;

const extend = (id: string, endDate: string) =>
  kit.send('POST', `/api/rentals/${id}/extension`, renter.cookie, { endDate, payWith: 'balance' });
const withdrawAll = () => kit.send('POST', '/api/me/withdrawals', renter.cookie, { amountPence: BALANCE, idempotencyKey: randomUUID() });

async function available(userId: string): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    ctx.database.db,
    sql`select coalesce(sum(amount_pence), 0)::int as n from ledger_entries where user_id = ${userId} and account = 'available'`,
  );
  return rows[0]!.n;
}

/** Brings the renter's available balance back to `BALANCE`, as money paid in from their card. */
async function topUp(): Promise<void> {
  const missing = BALANCE - (await available(renter.user.id));
  if (missing === 0) return;
  await ctx.database.db.transaction((tx) =>
    postTransaction(tx, {
      kind: 'test_top_up',
      entries: [
        { userId: renter.user.id, account: 'card', amountPence: -missing },
        { userId: renter.user.id, account: 'available', amountPence: missing },
      ],
    }),
  );
}

/** An instant item at £15.00 a day (£16.50 a day with the fee), booked by the renter for 2 days from `offset` days ahead. */
async function bookedRental(name: string, offset: number): Promise<string> {
  const item = await createItem(ctx.database.db, owner.user.id, { name, dailyRatePence: 1500, maxDays: 60 });
  const booked = await kit.bookDays(renter.cookie, item.id, addDays(todayInLondon(), offset), 2);
  expect(booked.status, booked.message).toBe(201);
  return booked.id;
}

const endOf = async (id: string) => (await kit.rental(id, renter.cookie)).endDate;

beforeAll(async () => {
  ctx = await createTestApp({ mailer, payments: createSimulatedProcessor({ delayMs: 0 }) });
  ({ renter, owner } = await signInParties(ctx, mailer));
  await addBankAccount(ctx.app, renter.cookie);
});
afterAll(async () => ctx?.close());

describe('one balance spent twice at once', () => {
  it(`${TRIALS} pairs of extensions paid from it: one extends, the other is refused with 409, never below zero`, async () => {
    const first = await bookedRental('Cement mixer', 3);
    const second = await bookedRental('Plate compactor', 3);
    const outcomes: string[] = [];
    for (let trial = 0; trial < TRIALS; trial++) {
      await topUp();
      const ends = [await endOf(first), await endOf(second)];
      const responses = await Promise.all([extend(first, addDays(ends[0]!, 1)), extend(second, addDays(ends[1]!, 1))]);
      const statuses = responses.map((r) => r.statusCode).sort();
      outcomes.push(statuses.join('/'));
      const refused = responses.find((r) => r.statusCode === 409);
      expect(refused?.json().error).toEqual({
        code: 'CONFLICT',
        message: `Your balance is £5.50 and the extension costs £16.50. Please pay by card instead.`,
        field: 'payWith',
      });
      expect(await available(renter.user.id)).toBe(BALANCE - EXTENSION);
      // The refused one moved nothing: exactly one rental runs one day longer.
      const moved = [await endOf(first), await endOf(second)].filter((end, i) => end !== ends[i]);
      expect(moved).toHaveLength(1);
    }
    expect(outcomes).toEqual(Array.from({ length: TRIALS }, () => '200/409'));
    expect(await kit.unbalancedTransactions()).toBe(0);
  }, 120_000);

  it(`${TRIALS} extensions racing a withdrawal of the whole balance: one of the two goes through, never below zero`, async () => {
    const id = await bookedRental('Scaffold tower', 30);
    let extended = 0;
    let withdrawn = 0;
    for (let trial = 0; trial < TRIALS; trial++) {
      await topUp();
      const end = await endOf(id);
      const [extension, withdrawal] = await Promise.all([extend(id, addDays(end, 1)), withdrawAll()]);
      expect([200, 409]).toContain(extension.statusCode);
      // A withdrawal above the balance is the form's own refusal (the amount at most the balance).
      expect([201, 400]).toContain(withdrawal.statusCode);
      expect(extension.statusCode === 200 ? 1 : 0).toBe(withdrawal.statusCode === 201 ? 0 : 1);
      if (extension.statusCode === 200) {
        extended++;
        expect(withdrawal.json().error).toEqual({ code: 'VALIDATION', message: INVALID_AMOUNT, field: 'amount' });
        expect(await available(renter.user.id)).toBe(BALANCE - EXTENSION);
      } else {
        withdrawn++;
        expect(extension.json().error.message).toBe('Your balance is £0.00 and the extension costs £16.50. Please pay by card instead.');
        expect(await endOf(id)).toBe(end);
        expect(await available(renter.user.id)).toBe(0);
      }
    }
    expect(extended + withdrawn).toBe(TRIALS);
    expect(await kit.unbalancedTransactions()).toBe(0);
  }, 120_000);

  it(`${TRIALS} owners accepting an extension paid from it while the renter withdraws it all: one goes through, never below zero`, async () => {
    const item = await createItem(ctx.database.db, owner.user.id, {
      name: 'Log splitter',
      bookingMode: 'request',
      dailyRatePence: 1500,
      maxDays: 60,
    });
    const booked = await kit.bookDays(renter.cookie, item.id, addDays(todayInLondon(), 3), 2);
    expect(booked.status, booked.message).toBe(201);
    const id = booked.id;
    expect((await kit.send('POST', `/api/rentals/${id}/accept`, owner.cookie, {})).statusCode).toBe(204);
    let waiting = false;
    for (let trial = 0; trial < TRIALS; trial++) {
      const end = await endOf(id);
      if (!waiting) {
        const asked = await extend(id, addDays(end, 1));
        expect(asked.json()).toEqual({ status: 'pending', chargedPence: 0 });
      }
      await topUp();
      const [accepted, withdrawal] = await Promise.all([
        kit.send('POST', `/api/rentals/${id}/extension/accept`, owner.cookie, {}),
        withdrawAll(),
      ]);
      expect([204, 409]).toContain(accepted.statusCode);
      expect([201, 400]).toContain(withdrawal.statusCode);
      expect(accepted.statusCode === 204 ? 1 : 0).toBe(withdrawal.statusCode === 201 ? 0 : 1);
      if (accepted.statusCode === 204) {
        expect(await available(renter.user.id)).toBe(BALANCE - EXTENSION);
        expect(await endOf(id)).toBe(addDays(end, 1));
      } else {
        expect(accepted.json().error.message).toBe("The renter's balance no longer covers the extension, so it cannot be accepted.");
        expect(await available(renter.user.id)).toBe(0);
        expect(await endOf(id)).toBe(end);
      }
      waiting = accepted.statusCode !== 204;
    }
    expect(await kit.unbalancedTransactions()).toBe(0);
  }, 120_000);
});
