import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, todayInLondon } from '@toolshed/core';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { post } from '../../test/auth-helpers.ts';
import { createItem, insertCategories } from '../../test/factories.ts';
import { queryRows } from '../../db/database.ts';
import { createSimulatedProcessor } from '../../platform/payments/simulated-processor.ts';
import type { PaymentProvider } from '../../platform/payments/payment-provider.ts';
import { renterAndOwner, TEST_CARD } from './checkout-test-fixtures.ts';

/** The simulated processor, with captures that fail the first `failures` times. */
function processorFailingCaptures(failures: number) {
  const inner = createSimulatedProcessor({ delayMs: 0 });
  const calls = { capture: 0, void: 0 };
  const provider: PaymentProvider = {
    name: inner.name,
    authorize: (input) => inner.authorize(input),
    async capture(id) {
      calls.capture += 1;
      if (calls.capture <= failures) throw new Error('the card network timed out');
      return inner.capture(id);
    },
    async void(id) {
      calls.void += 1;
      return inner.void(id);
    },
    refund: (input) => inner.refund(input),
    refundStatus: (id) => inner.refundStatus(id),
    authenticate: (input) => inner.authenticate(input),
    completeChallenge: (id, approved) => inner.completeChallenge(id, approved),
    authenticationStatus: (id) => inner.authenticationStatus(id),
    savePaymentMethod: (input) => inner.savePaymentMethod(input),
  };
  return { provider, holds: inner.holds, calls };
}

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

async function bookOne(failures: number) {
  let clock = new Date();
  const processor = processorFailingCaptures(failures);
  const mailer = createMemoryMailer();
  ctx = await createTestApp({ mailer, now: () => clock, payments: processor.provider });
  const app = ctx.app;
  const db = ctx.database.db;
  await insertCategories(db);
  const { renter, owner } = await renterAndOwner(ctx, mailer, `capture-${Number.isFinite(failures) ? failures : 'always'}@example.com`);
  const item = await createItem(db, owner.id, { name: 'Tile Cutter', dailyRatePence: 1500 });
  const booked: string[] = [];
  const captureFailed: string[] = [];
  app.events.subscribe('rental.booked', 'capture-test', async (e) => void booked.push(e.rentalId));
  app.events.subscribe('payment.capture_failed', 'capture-test', async (e) => void captureFailed.push(e.paymentId));
  const start = addDays(todayInLondon(clock), 3);
  const request = {
    lines: [{ itemId: item.id, startDate: start, endDate: addDays(start, 1) }],
    card: TEST_CARD,
    idempotencyKey: randomUUID(),
  };
  const first = await post(app, '/api/checkout', request, { cookie: renter.cookie });
  const paymentState = async () =>
    (
      await queryRows<{ status: string; authorization: string }>(db, sql`select status, provider_reference as authorization from payments`)
    )[0]!;
  const rentalRows = () =>
    queryRows<{ id: string; cancelled_by: string | null }>(db, sql`select id, cancelled_by from rentals where item_id = ${item.id}`);
  return {
    app,
    db,
    processor,
    first,
    renter,
    owner,
    booked,
    captureFailed,
    retry: () => post(app, '/api/checkout', request, { cookie: renter.cookie }),
    paymentState,
    rentalRows,
    advance: (ms: number) => (clock = new Date(clock.getTime() + ms)),
  };
}

describe('a card capture that fails after the booking committed', () => {
  it('keeps the booking and the order, and the job captures it later without voiding anything', async () => {
    const t = await bookOne(1);
    expect(t.first.statusCode).toBe(201);
    const { orderId } = t.first.json() as { orderId: string };
    expect(await t.paymentState()).toMatchObject({ status: 'capture_pending' });
    const rentals = await t.rentalRows();
    expect(rentals).toHaveLength(1);
    expect(rentals[0]!.cancelled_by).toBeNull();

    const again = await t.retry();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ orderId });
    const attempts = await queryRows<{ status: string }>(t.db, sql`select status from checkout_attempts`);
    expect(attempts).toEqual([{ status: 'succeeded' }]);

    t.advance(61_000);
    await t.app.jobs.runDue();
    const payment = await t.paymentState();
    expect(payment.status).toBe('captured');
    expect(t.processor.holds.get(payment.authorization)).toBe('captured');
    expect(t.processor.calls.void).toBe(0);
    expect(t.booked).toEqual([rentals[0]!.id]);
    const order = await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: { cookie: t.renter.cookie } });
    expect(order.statusCode).toBe(200);
  });

  it('after the bound cancels the booking, voids the hold, balances the ledger and tells the renter', async () => {
    const t = await bookOne(Number.POSITIVE_INFINITY);
    expect(t.first.statusCode).toBe(201);
    // Nothing gives up early: an hour of retries later the booking still stands.
    for (let i = 0; i < 6; i++) {
      t.advance(10 * 60_000);
      await t.app.jobs.runDue();
    }
    expect((await t.paymentState()).status).toBe('capture_pending');
    expect((await t.rentalRows())[0]!.cancelled_by).toBeNull();

    for (let i = 0; i < 12; i++) {
      t.advance(60 * 60_000);
      await t.app.jobs.runDue();
    }
    const payment = await t.paymentState();
    expect(payment.status).toBe('voided');
    expect(t.processor.holds.get(payment.authorization)).toBe('voided');
    expect((await t.rentalRows())[0]!.cancelled_by).toBe('system');
    const accounts = await queryRows<{ account: string; total: number }>(
      t.db,
      sql`select account, sum(amount_pence)::int as total from ledger_entries group by account order by account`,
    );
    expect(accounts).toEqual([
      { account: 'card', total: 0 },
      { account: 'fees', total: 0 },
      { account: 'pending', total: 0 },
    ]);
    expect(t.captureFailed).toHaveLength(1);
    // The dates are free again.
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/items/${(await queryRows<{ item_id: string }>(t.db, sql`select item_id from rentals`))[0]!.item_id}`,
    });
    expect(detail.json().bookedRanges).toEqual([]);
    // A payment only moves forward, whatever code tries.
    await expect(t.db.execute(sql`update payments set status = 'captured'`)).rejects.toThrow();
  });
});
