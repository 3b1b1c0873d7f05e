import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInLondon } from '@toolshed/core';
import type { Order } from '@toolshed/core/contract';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { post } from '../../test/auth-helpers.ts';
import { createItem, insertCategories } from '../../test/factories.ts';
import { queryRows } from '../../db/database.ts';
import { balances, postTransaction } from '../ledger/ledger-repository.ts';
import { createSimulatedProcessor } from '../../platform/payments/simulated-processor.ts';
import type { PaymentProvider } from '../../platform/payments/payment-provider.ts';
import { expectStatementMatchesLedger, statementOf } from '../../test/statement-check.ts';
import { renterAndOwner, TEST_CARD } from './checkout-test-fixtures.ts';

/**
 * A Toolshed balance pays before the card: the card is authorised for the rest, the ledger takes the
 * balance under its lock, a cancellation gives each part back where it came from, and a balance
 * spent meanwhile books nothing and charges nothing.
 */
let ctx: TestContext;
const mailer = createMemoryMailer();
const processor = createSimulatedProcessor({ delayMs: 0 });
/** Runs once inside the next authorisation (after checkout read the balance, before it books). */
let duringAuthorisation: (() => Promise<void>) | null = null;
const provider: PaymentProvider = {
  ...processor,
  async authorize(input) {
    const result = await processor.authorize(input);
    const hook = duringAuthorisation;
    duringAuthorisation = null;
    if (hook) await hook();
    return result;
  },
};

beforeAll(async () => {
  ctx = await createTestApp({ mailer, payments: provider });
  await insertCategories(ctx.database.db);
});
afterAll(async () => ctx?.close());

/** Money that reached the member's balance from elsewhere (a refund of an earlier order, say). */
const credit = (userId: string, pence: number) =>
  postTransaction(ctx.database.db, {
    kind: 'test_credit',
    entries: [
      { userId, account: 'card', amountPence: -pence },
      { userId, account: 'available', amountPence: pence },
    ],
  });
const available = async (userId: string) => (await balances(ctx.database.db, userId)).availablePence;
const authorisedFor = (reference: string) => processor.amounts.get(reference)?.authorised;

async function setUp(email: string, balancePence: number) {
  const { renter, owner } = await renterAndOwner(ctx, mailer, email);
  if (balancePence > 0) await credit(renter.user.id, balancePence);
  // Three days at £10: £30.00 and a £3.00 fee.
  const item = await createItem(ctx.database.db, owner.id, { name: 'Hedge Trimmer', dailyRatePence: 1000 });
  const start = addDays(todayInLondon(), 5);
  const checkout = (extra: Record<string, unknown> = {}) =>
    post(
      ctx.app,
      '/api/checkout',
      {
        lines: [{ itemId: item.id, startDate: start, endDate: addDays(start, 2) }],
        card: TEST_CARD,
        idempotencyKey: randomUUID(),
        ...extra,
      },
      { cookie: renter.cookie },
    );
  return { renter, owner, item, checkout };
}

async function orderOf(orderId: string, cookie: string): Promise<Order> {
  return (await ctx.app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: { cookie } })).json() as Order;
}
const providerReference = async (paymentId: string) =>
  (await queryRows<{ ref: string }>(ctx.database.db, sql`select provider_reference as ref from payments where id = ${paymentId}`))[0]!.ref;

describe('paying from a Toolshed balance', () => {
  it('the balance pays first, the card the rest; the statement says both and adds up', async () => {
    const { renter, checkout } = await setUp('part-balance@example.com', 1000);
    const res = await checkout();
    expect(res.statusCode).toBe(201);
    const { orderId } = res.json() as { orderId: string };
    const order = await orderOf(orderId, renter.cookie);
    expect(order).toMatchObject({ totalPence: 3300, balancePence: 1000 });
    expect(authorisedFor(await providerReference(orderId))).toBe(2300);
    expect(await available(renter.user.id)).toBe(0);
    const [paid] = await statementOf(ctx.app, renter.cookie);
    expect(paid).toMatchObject({
      type: 'sent',
      description: 'Paid £10.00 from your Toolshed balance and £23.00 by Visa ending 4242',
      totalPence: -3300,
      movements: { cardPence: -2300, availablePence: -1000 },
    });
    await expectStatementMatchesLedger(ctx.app, ctx.database.db, renter);
    await ctx.app.jobs.runDue();
    const receipt = mailer.sent.find((m) => m.to === renter.user.email && m.subject.startsWith('Your Toolshed receipt'));
    expect(receipt?.subject).toBe('Your Toolshed receipt: £33.00');
    expect(receipt!.text.split('\n')).toContain('Paid £10.00 from your Toolshed balance and £23.00 by Visa ending 4242');
    expect(receipt!.html).toContain('<p>Paid £10.00 from your Toolshed balance and £23.00 by Visa ending 4242</p>');
    const notices = await queryRows<{ body: string }>(
      ctx.database.db,
      sql`select body from notifications where user_id = ${renter.user.id}`,
    );
    expect(notices.map((n) => n.body)).toContain(
      'You paid £33.00 (£10.00 from your Toolshed balance and £23.00 by Visa ending 4242) for Hedge Trimmer. We have emailed you the receipt, with the pick-up details and cancellation terms.',
    );

    // Cancelled: the card gets back what it paid, the balance what it paid.
    const rentalId = order.rentals[0]!.id;
    const cancelled = await post(ctx.app, `/api/rentals/${rentalId}/cancel`, {}, { cookie: renter.cookie });
    expect(cancelled.statusCode).toBe(200);
    const refunds = await queryRows<{ amount: number }>(
      ctx.database.db,
      sql`select amount_pence as amount from card_refunds where rental_id = ${rentalId}`,
    );
    expect(refunds.map((r) => r.amount)).toEqual([2300]);
    expect(await available(renter.user.id)).toBe(1000);
    expect((await statementOf(ctx.app, renter.cookie))[0]).toMatchObject({
      type: 'refund',
      description: 'Refunded £23.00 to Visa ending 4242 and £10.00 to your Toolshed balance',
    });
    await expectStatementMatchesLedger(ctx.app, ctx.database.db, renter);
  });

  it('a balance that covers it all: the card is only checked (authorised for nothing), a cancellation refunds to the balance', async () => {
    const { renter, checkout } = await setUp('all-balance@example.com', 5000);
    const res = await checkout();
    expect(res.statusCode).toBe(201);
    const { orderId } = res.json() as { orderId: string };
    expect(await orderOf(orderId, renter.cookie)).toMatchObject({ totalPence: 3300, balancePence: 3300 });
    expect(authorisedFor(await providerReference(orderId))).toBe(0);
    expect(await available(renter.user.id)).toBe(1700);
    expect((await statementOf(ctx.app, renter.cookie))[0]).toMatchObject({
      description: 'Paid from your Toolshed balance',
      movements: { cardPence: 0, availablePence: -3300 },
    });
    const rentalId = (await orderOf(orderId, renter.cookie)).rentals[0]!.id;
    expect((await post(ctx.app, `/api/rentals/${rentalId}/cancel`, {}, { cookie: renter.cookie })).statusCode).toBe(200);
    const refunds = await queryRows(ctx.database.db, sql`select 1 from card_refunds where rental_id = ${rentalId}`);
    expect(refunds).toHaveLength(0);
    expect(await available(renter.user.id)).toBe(5000);
    await expectStatementMatchesLedger(ctx.app, ctx.database.db, renter);
  });

  it('useBalance false keeps the balance and charges the card it all', async () => {
    const { renter, checkout } = await setUp('keep-balance@example.com', 1000);
    const res = await checkout({ useBalance: false });
    expect(res.statusCode).toBe(201);
    const { orderId } = res.json() as { orderId: string };
    expect(await orderOf(orderId, renter.cookie)).toMatchObject({ balancePence: 0 });
    expect(authorisedFor(await providerReference(orderId))).toBe(3300);
    expect(await available(renter.user.id)).toBe(1000);
  });

  it('a balance spent while the card is asked: nothing booked, the hold released, the balance never below zero', async () => {
    const { renter, item, checkout } = await setUp('spent-meanwhile@example.com', 2000);
    // Another tab spends £15 of the £20 after checkout read it, before the booking takes it.
    duringAuthorisation = async () => {
      await postTransaction(ctx.database.db, {
        kind: 'test_spend',
        entries: [
          { userId: renter.user.id, account: 'available', amountPence: -1500 },
          { userId: renter.user.id, account: 'card', amountPence: 1500 },
        ],
      });
    };
    const res = await checkout();
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: {
        field: 'balance',
        message:
          'Your Toolshed balance changed while you were paying (it is now £5.00), so nothing was booked or charged. Please check out again.',
      },
    });
    const booked = await queryRows(ctx.database.db, sql`select 1 from rentals where item_id = ${item.id}`);
    expect(booked).toHaveLength(0);
    // The card authorised for £13 (the rest after £20) was released.
    const held = [...processor.amounts.entries()].filter(([, a]) => a.authorised === 1300).map(([id]) => processor.holds.get(id));
    expect(held).toEqual(['voided']);
    expect(await available(renter.user.id)).toBe(500);
    // Trying again pays with what is there now.
    const again = await checkout();
    expect(again.statusCode).toBe(201);
    expect(await orderOf((again.json() as { orderId: string }).orderId, renter.cookie)).toMatchObject({ balancePence: 500 });
    expect(await available(renter.user.id)).toBe(0);
    await expectStatementMatchesLedger(ctx.app, ctx.database.db, renter);
  });
});

describe('a capture that fails for good after the balance paid part', () => {
  it('gives the balance its part back and the card the rest; every account back to where it was', async () => {
    let clock = new Date();
    const inner = createSimulatedProcessor({ delayMs: 0 });
    const failing: PaymentProvider = {
      ...inner,
      capture: async () => {
        throw new Error('the card network timed out');
      },
    };
    const own = await createTestApp({ mailer, now: () => clock, payments: failing });
    try {
      await insertCategories(own.database.db);
      const { renter, owner } = await renterAndOwner(own, mailer, 'capture-fails-balance@example.com');
      await postTransaction(own.database.db, {
        kind: 'test_credit',
        entries: [
          { userId: renter.user.id, account: 'card', amountPence: -1200 },
          { userId: renter.user.id, account: 'available', amountPence: 1200 },
        ],
      });
      const item = await createItem(own.database.db, owner.id, { name: 'Tile Cutter', dailyRatePence: 1500 });
      const start = addDays(todayInLondon(clock), 3);
      const res = await post(
        own.app,
        '/api/checkout',
        { lines: [{ itemId: item.id, startDate: start, endDate: addDays(start, 1) }], card: TEST_CARD, idempotencyKey: randomUUID() },
        { cookie: renter.cookie },
      );
      expect(res.statusCode).toBe(201);
      expect((await balances(own.database.db, renter.user.id)).availablePence).toBe(0);
      for (let i = 0; i < 20; i++) {
        clock = new Date(clock.getTime() + 60 * 60_000);
        await own.app.jobs.runDue();
      }
      const [payment] = await queryRows<{ status: string }>(own.database.db, sql`select status from payments`);
      expect(payment!.status).toBe('voided');
      // The £12 the balance paid is back in it; the card's part (£21) was never taken and is given back on the card.
      expect((await balances(own.database.db, renter.user.id)).availablePence).toBe(1200);
      const accounts = await queryRows<{ account: string; total: number }>(
        own.database.db,
        sql`select account, sum(amount_pence)::int as total from ledger_entries where kind not like 'test_%' group by account order by account`,
      );
      expect(accounts).toEqual([
        { account: 'available', total: 0 },
        { account: 'card', total: 0 },
        { account: 'fees', total: 0 },
        { account: 'pending', total: 0 },
      ]);
      await expectStatementMatchesLedger(own.app, own.database.db, renter);
    } finally {
      await own.close();
    }
  });
});
