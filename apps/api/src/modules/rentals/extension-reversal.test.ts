import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, TEST_CARDS, todayInLondon } from '@toolshed/core';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createItem } from '../../test/factories.ts';
import { expectStatementMatchesLedger } from '../../test/statement-check.ts';
import { queryRows } from '../../db/database.ts';
import { createSimulatedProcessor } from '../../platform/payments/simulated-processor.ts';
import type { PaymentProvider } from '../../platform/payments/payment-provider.ts';
import { rentalKit, signInParties, type Party } from './rental-test-kit.ts';
import { addBankAccount } from '../../test/bank-account.ts';
import { EXTENSION_CAPTURE_ATTEMPTS } from './extension-service.ts';

/**
 * A paid extension whose card capture fails for good is reversed, as a booking's is: its days freed,
 * its posting reversed, both sides told, and the money invariants hold after.
 */
const inner = createSimulatedProcessor({ delayMs: 0 });
/** Authorisations made while `failNew` is on can never be captured (the card network refuses them every time). */
const failing = new Set<string>();
let failNew = false;
let captureTries = 0;
const processor: PaymentProvider = {
  ...inner,
  async authorize(input) {
    const result = await inner.authorize(input);
    if (result.ok && failNew) failing.add(result.authorizationId);
    return result;
  },
  async capture(id, amountPence) {
    if (failing.has(id)) {
      captureTries += 1;
      throw new Error('the card network refused the capture');
    }
    return inner.capture(id, amountPence);
  },
};

let ctx: TestContext;
const mailer = createMemoryMailer();
let clock = new Date('2030-05-06T10:00:00Z');
const kit = rentalKit(() => ctx);
const card = { number: TEST_CARDS.success, expiry: '12/35', cvv: '123', name: 'Rita Renter' };
let renter: Party;
let other: Party;
let owner: Party;

const account = async (userId: string | null, acc: string) =>
  (
    await queryRows<{ n: number }>(
      ctx.database.db,
      userId === null
        ? sql`select coalesce(sum(amount_pence), 0)::int as n from ledger_entries where user_id is null and account = ${acc}`
        : sql`select coalesce(sum(amount_pence), 0)::int as n from ledger_entries where user_id = ${userId} and account = ${acc}`,
    )
  )[0]!.n;
const money = async () => ({
  renterCard: await account(renter.user.id, 'card'),
  ownerPending: await account(owner.user.id, 'pending'),
  ownerAvailable: await account(owner.user.id, 'available'),
  fees: await account(null, 'fees'),
});
const extensionOf = async (rentalId: string) =>
  (
    await queryRows<{ status: string; reversed_at: Date | null; authorization_id: string }>(
      ctx.database.db,
      sql`select status, reversed_at, authorization_id from rental_extensions where rental_id = ${rentalId}`,
    )
  )[0]!;

/** Runs the jobs as time passes, until the capture's retries are spent (their backoff doubles from a minute). */
async function letCaptureRetriesRunOut() {
  for (let i = 0; i < 12; i++) {
    clock = new Date(clock.getTime() + 3 * 60 * 60 * 1000);
    await ctx.app.jobs.runDue();
  }
}

beforeAll(async () => {
  ctx = await createTestApp({ mailer, payments: processor, now: () => clock });
  ({ renter, other, owner } = await signInParties(ctx, mailer));
});
afterAll(async () => ctx?.close());

describe('a paid extension whose capture fails for good', () => {
  it('is reversed: its days freed, its posting reversed once, its hold voided, renter and owner told', async () => {
    const saw = await createItem(ctx.database.db, owner.user.id, { name: 'Saw', dailyRatePence: 1000, maxDays: 10 });
    const booked = await kit.bookDays(renter.cookie, saw.id, addDays(todayInLondon(clock), 1), 3);
    expect(booked.status, booked.message).toBe(201);
    const id = booked.id;
    await ctx.app.jobs.runDue();
    clock = new Date(clock.getTime() + 86_400_000); // the rental has started
    const before = await kit.rental(id, renter.cookie);
    const moneyBefore = await money();
    const newEnd = addDays(before.endDate, 2);

    failNew = true;
    const res = await kit.send('POST', `/api/rentals/${id}/extension`, renter.cookie, { endDate: newEnd, payWith: 'card', card });
    failNew = false;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'extended', chargedPence: 2200 });
    // Booked and posted at once, though the card was not charged yet (the capture after the commit failed).
    expect((await kit.rental(id, renter.cookie)).endDate).toBe(newEnd);
    expect((await money()).renterCard).toBe(moneyBefore.renterCard - 2200);
    const { authorization_id: authorization } = await extensionOf(id);
    expect(failing.has(authorization)).toBe(true);

    await letCaptureRetriesRunOut();
    expect(captureTries).toBeGreaterThanOrEqual(EXTENSION_CAPTURE_ATTEMPTS);
    const extension = await extensionOf(id);
    expect(extension.status).toBe('reversed');
    expect(extension.reversed_at).not.toBeNull();

    // The rental is as it was before the extension: its end, its price; the hold released.
    const after = await kit.rental(id, renter.cookie);
    expect(after).toMatchObject({ endDate: before.endDate, totalPence: before.totalPence, days: before.days });
    expect(inner.holds.get(authorization)).toBe('voided');
    // The money is back where it was: the renter's card, the owner's pending earnings, the fees.
    expect(await money()).toEqual(moneyBefore);
    expect(await kit.unbalancedTransactions()).toBe(0);
    const reversals = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from ledger_transactions where kind = 'extension_reversed' and rental_id = ${id}`,
    );
    expect(reversals[0]!.n).toBe(1);
    await expectStatementMatchesLedger(ctx.app, ctx.database.db, renter);
    await expectStatementMatchesLedger(ctx.app, ctx.database.db, owner);

    // Both told, in the app and by email.
    for (const who of [renter, owner]) {
      const told = await queryRows<{ title: string; body: string }>(
        ctx.database.db,
        sql`select title, body from notifications where user_id = ${who.user.id} and kind = 'extension.reversed'`,
      );
      expect(told).toHaveLength(1);
      expect(told[0]!.title).toBe('Extension cancelled: Saw');
    }
    expect(
      mailer.sent
        .filter((m) => m.subject.includes('Extension cancelled: Saw'))
        .map((m) => m.to)
        .sort(),
    ).toEqual(['owner@example.com', 'renter@example.com']);

    // The freed days can be booked by someone else.
    const next = await kit.bookDays(other.cookie, saw.id, addDays(before.endDate, 1), 2);
    expect(next.status, next.message).toBe(201);

    // More runs (a retry, another worker) reverse nothing more.
    await letCaptureRetriesRunOut();
    const again = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from ledger_transactions where kind = 'extension_reversed' and rental_id = ${id}`,
    );
    expect(again[0]!.n).toBe(1);
  });

  it('after the return, takes the earnings back from the available balance, never below zero, the platform bearing the rest', async () => {
    const drill = await createItem(ctx.database.db, owner.user.id, { name: 'Drill', dailyRatePence: 800, maxDays: 10 });
    const booked = await kit.bookDays(renter.cookie, drill.id, addDays(todayInLondon(clock), 1), 2);
    expect(booked.status, booked.message).toBe(201);
    await ctx.app.jobs.runDue();
    clock = new Date(clock.getTime() + 86_400_000);
    const before = await kit.rental(booked.id, renter.cookie);
    failNew = true;
    const res = await kit.send('POST', `/api/rentals/${booked.id}/extension`, renter.cookie, {
      endDate: addDays(before.endDate, 1),
      payWith: 'card',
      card,
    });
    failNew = false;
    expect(res.statusCode, res.body).toBe(200);
    // Returned at once: the earnings, the extension's with them, are available to the owner.
    expect((await kit.markReturned(booked.id, owner.cookie)).statusCode).toBe(204);
    // The owner withdraws all but £3 of it before the capture gives up.
    await addBankAccount(ctx.app, owner.cookie);
    const available = (await money()).ownerAvailable;
    expect(available).toBeGreaterThanOrEqual(800);
    const withdrawn = await kit.send('POST', '/api/me/withdrawals', owner.cookie, {
      amountPence: available - 300,
      idempotencyKey: 'reversal-w',
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(201);
    const renterCardBefore = (await money()).renterCard;
    const feesBefore = (await money()).fees;

    await letCaptureRetriesRunOut();
    expect((await extensionOf(booked.id)).status).toBe('reversed');
    const after = await money();
    // The renter's card gets back the 880 it was never charged; the owner gives back the £3 they still
    // have of the 800 earned of it, and the platform bears the 500 already withdrawn, with the 80 fee.
    expect(after.renterCard).toBe(renterCardBefore + 880);
    expect(after.ownerAvailable).toBe(0);
    expect(after.fees).toBe(feesBefore - 80 - 500);
    expect(await kit.unbalancedTransactions()).toBe(0);
    await expectStatementMatchesLedger(ctx.app, ctx.database.db, owner);
    await expectStatementMatchesLedger(ctx.app, ctx.database.db, renter);
  });
});
