import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, TEST_CARDS, todayInLondon } from '@toolshed/core';
import type { Order } from '@toolshed/core/contract';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser } from '../../test/auth-helpers.ts';
import { createItem, insertCategories } from '../../test/factories.ts';
import { queryRows } from '../../db/database.ts';
import { createSimulatedProcessor } from '../../platform/payments/simulated-processor.ts';
import { balances } from '../ledger/ledger-repository.ts';
import { REFUND_ATTEMPTS } from './card-refund-job.ts';
import { expectStatementMatchesLedger } from '../../test/statement-check.ts';
import { rentalKit } from './rental-test-kit.ts';

let ctx: TestContext;
const mailer = createMemoryMailer();
const processor = createSimulatedProcessor({ delayMs: 0 });
let clock = new Date('2026-11-20T10:00:00Z');
const d = (n: number) => addDays(todayInLondon(clock), n);
const kit = rentalKit(() => ctx);
type Person = { cookie: string; user: { id: string; email: string } };
let renter: Person;
let owner: Person;
let itemId: string;

async function bookAndCancel(start: number): Promise<{ order: Order; rentalId: string }> {
  const res = await kit.book(renter.cookie, [{ itemId, startDate: d(start), endDate: d(start + 1) }]);
  expect(res.statusCode, res.body).toBe(201);
  const order = (await kit.send('GET', `/api/orders/${res.json().orderId}`, renter.cookie)).json() as Order;
  await ctx.app.jobs.runDue();
  const rentalId = order.rentals[0]!.id;
  const cancelled = await kit.cancel(rentalId, renter.cookie);
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  expect(cancelled.json()).toEqual({ refundPence: order.totalPence });
  return { order, rentalId };
}

const refundRow = async (rentalId: string) =>
  (
    await queryRows<{ id: string; amount_pence: number; status: string; provider_refund_id: string | null }>(
      ctx.database.db,
      sql`select id, amount_pence, status, provider_refund_id from card_refunds where rental_id = ${rentalId}`,
    )
  )[0]!;

/** The renter's card account for the rental: what the ledger says went back to the card. */
const cardTotal = async (rentalId: string) =>
  (
    await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select coalesce(sum(amount_pence), 0)::int as n from ledger_entries where rental_id = ${rentalId} and account = 'card' and user_id = ${renter.user.id}`,
    )
  )[0]!.n;

const emailsTo = (email: string, subject: RegExp) => mailer.sent.filter((m) => m.to === email && subject.test(m.subject));

beforeAll(async () => {
  ctx = await createTestApp({ mailer, now: () => clock, payments: processor });
  await insertCategories(ctx.database.db);
  renter = await createSignedInUser(ctx.app, mailer, 'rita@example.com', 'Rita Renter');
  owner = await createSignedInUser(ctx.app, mailer, 'olive@example.com', 'Olive Owner');
  await kit.saveAddress(renter.cookie);
  itemId = (await createItem(ctx.database.db, owner.user.id, { name: 'Hedge Trimmer', dailyRatePence: 800 })).id;
});
afterAll(async () => ctx?.close());

describe('a cancelled rental refunded to its card', () => {
  it('refunds exactly what the card paid through the processor, balances the ledger, and emails both sides', async () => {
    const { order, rentalId } = await bookAndCancel(5);
    expect(order.totalPence).toBe(1760); // 2 days at £8.00 and the £1.60 fee
    expect(await refundRow(rentalId)).toMatchObject({ amount_pence: 1760, status: 'pending' });
    await ctx.app.jobs.runDue();
    const row = await refundRow(rentalId);
    expect(row.status).toBe('succeeded');
    expect(processor.refunds.get(row.id)).toMatchObject({ amountPence: 1760, status: 'succeeded', refundId: row.provider_refund_id });
    // The card paid -1760 at checkout (the line's entry) and got +1760 back: even; nothing to the balance.
    expect(await cardTotal(rentalId)).toBe(0);
    expect(await balances(ctx.database.db, renter.user.id)).toMatchObject({ availablePence: 0 });
    expect(await kit.unbalancedTransactions()).toBe(0);

    const seen = await kit.rental(rentalId, renter.cookie);
    expect(seen.cancellation).toMatchObject({
      refundPence: 1760,
      toCards: [{ amountPence: 1760, card: { brand: 'visa', last4: '4242' }, status: 'succeeded' }],
      toBalancePence: 0,
    });
    // The owner sees the refund but not the renter's card.
    expect((await kit.rental(rentalId, owner.cookie)).cancellation).toMatchObject({ refundPence: 1760, toCards: [], toBalancePence: 0 });

    const toRenter = emailsTo('rita@example.com', /Rental cancelled: Hedge Trimmer/);
    expect(toRenter).toHaveLength(1);
    expect(toRenter[0]!.text).toContain('Refunded £17.60 to Visa ending 4242.');
    expect(toRenter[0]!.text).toContain('Refunds usually reach your card in 5-10 working days.');
    expect(emailsTo('olive@example.com', /Booking cancelled: Hedge Trimmer/)).toHaveLength(1);
  });

  it('asks the processor again with the same reference after a lost answer, and refunds once', async () => {
    processor.refundBehaviour.next = ['throw', 'pending'];
    const { rentalId } = await bookAndCancel(9);
    await ctx.app.jobs.runDue();
    expect(await refundRow(rentalId)).toMatchObject({ status: 'pending', provider_refund_id: null });
    clock = new Date(clock.getTime() + 61_000);
    await ctx.app.jobs.runDue();
    // The processor took it but has not confirmed it yet.
    const pending = await refundRow(rentalId);
    expect(pending).toMatchObject({ status: 'pending' });
    expect(pending.provider_refund_id).toMatch(/^sim_refund_/);
    clock = new Date(clock.getTime() + 125_000);
    await ctx.app.jobs.runDue();
    expect(await refundRow(rentalId)).toMatchObject({ status: 'succeeded', provider_refund_id: pending.provider_refund_id });
    expect([...processor.refunds.values()].filter((r) => r.refundId === pending.provider_refund_id)).toHaveLength(1);
    expect(await cardTotal(rentalId)).toBe(0);
  });

  it('gives a refund the card issuer refuses to the balance instead, and tells the renter', async () => {
    processor.refundBehaviour.next = ['failed'];
    const before = (await balances(ctx.database.db, renter.user.id)).availablePence;
    const { rentalId } = await bookAndCancel(13);
    await ctx.app.jobs.runDue();
    expect(await refundRow(rentalId)).toMatchObject({ status: 'failed' });
    // Paid -1760, the refund to the card (+1760) taken back when it was refused (-1760): to the balance instead.
    expect(await cardTotal(rentalId)).toBe(-1760);
    expect((await balances(ctx.database.db, renter.user.id)).availablePence).toBe(before + 1760);
    expect(await kit.unbalancedTransactions()).toBe(0);
    expect((await kit.rental(rentalId, renter.cookie)).cancellation).toMatchObject({ toCards: [], toBalancePence: 1760 });
    expect(emailsTo('rita@example.com', /Refund to your card failed: Hedge Trimmer/)).toHaveLength(1);
    // The statement says both: refunded to the card (refused), then the balance instead.
    const lines = (await expectStatementMatchesLedger(ctx.app, ctx.database.db, renter)).filter((l) => l.rentalId === rentalId);
    expect(lines.map((l) => [l.type, l.description, l.totalPence, l.movements.availablePence, l.status])).toEqual([
      ['refund', 'The card refund was refused: the money is in your Toolshed balance instead', 0, 1760, 'completed'],
      ['refund', 'Refunded £17.60 to Visa ending 4242', 1760, 0, 'failed'],
      ['sent', 'Paid by Visa ending 4242', -1760, 0, 'cancelled'],
    ]);
    // Running again moves nothing twice.
    await ctx.app.jobs.runDue();
    expect((await balances(ctx.database.db, renter.user.id)).availablePence).toBe(before + 1760);
  });

  it('after the last try with no answer, the refund goes to the balance once', async () => {
    processor.refundBehaviour.next = Array.from({ length: REFUND_ATTEMPTS }, () => 'throw' as const);
    const before = (await balances(ctx.database.db, renter.user.id)).availablePence;
    const { rentalId } = await bookAndCancel(17);
    for (let i = 0; i < REFUND_ATTEMPTS + 2; i++) {
      await ctx.app.jobs.runDue();
      clock = new Date(clock.getTime() + 3 * 60 * 60_000);
    }
    expect(await refundRow(rentalId)).toMatchObject({ status: 'failed' });
    expect((await balances(ctx.database.db, renter.user.id)).availablePence).toBe(before + 1760);
    expect(await kit.unbalancedTransactions()).toBe(0);
  });

  it('an owner declining emails both sides, the renter with the refund to the card', async () => {
    const res = await kit.book(renter.cookie, [{ itemId, startDate: d(21), endDate: d(22) }]);
    const order = (await kit.send('GET', `/api/orders/${res.json().orderId}`, renter.cookie)).json() as Order;
    await ctx.app.jobs.runDue();
    const declined = await kit.cancel(order.rentals[0]!.id, owner.cookie, 'The trimmer is broken');
    expect(declined.statusCode, declined.body).toBe(200);
    await ctx.app.jobs.runDue();
    expect(emailsTo('olive@example.com', /You declined: Hedge Trimmer/)).toHaveLength(1);
    const toRenter = emailsTo('rita@example.com', /Rental cancelled: Hedge Trimmer/).at(-1)!;
    expect(toRenter.text).toContain('Olive Owner cancelled your rental');
    expect(toRenter.text).toContain('Refunded £17.60 to Visa ending 4242.');
  });

  it('refunds an extension paid by card to that card, named as the extension recorded it', async () => {
    const res = await kit.book(renter.cookie, [{ itemId, startDate: d(21), endDate: d(22) }]);
    expect(res.statusCode, res.body).toBe(201);
    const order = (await kit.send('GET', `/api/orders/${res.json().orderId}`, renter.cookie)).json() as Order;
    const rentalId = order.rentals[0]!.id;
    const extended = await kit.send('POST', `/api/rentals/${rentalId}/extension`, renter.cookie, {
      endDate: d(23),
      payWith: 'card',
      card: { number: TEST_CARDS.successMastercard, expiry: '12/99', cvv: '123', name: 'Rita Renter' },
    });
    expect(extended.statusCode, extended.body).toBe(200);
    await ctx.app.jobs.runDue();
    // The statement names each payment's own card: the checkout's Visa, the extension's Mastercard.
    const statement = (await kit.send('GET', '/api/me/transactions', renter.cookie)).json() as {
      transactions: Array<{ description: string }>;
    };
    expect(statement.transactions.map((t) => t.description)).toEqual(
      expect.arrayContaining(['Extension paid by Mastercard ending 4444', 'Paid by Visa ending 4242']),
    );
    expect((await kit.cancel(rentalId, renter.cookie)).statusCode).toBe(200);
    await ctx.app.jobs.runDue();
    // 2 days and the £1.60 fee by Visa at checkout, the third day and its 80p fee by Mastercard.
    const toCards = (await kit.rental(rentalId, renter.cookie)).cancellation?.toCards ?? [];
    expect([...toCards].sort((a, b) => b.amountPence - a.amountPence)).toEqual([
      { amountPence: 1760, card: { brand: 'visa', last4: '4242' }, status: 'succeeded' },
      { amountPence: 880, card: { brand: 'mastercard', last4: '4444' }, status: 'succeeded' },
    ]);
  });
});
