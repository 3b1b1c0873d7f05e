import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, feeShares, todayInLondon } from '@toolshed/core';
import type { ItemDetail, Order } from '@toolshed/core/contract';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser } from '../../test/auth-helpers.ts';
import { createItem, insertCategories } from '../../test/factories.ts';
import { queryRows } from '../../db/database.ts';
import { balances } from '../ledger/ledger-repository.ts';
import { rentalKit } from './rental-test-kit.ts';

let ctx: TestContext;
const mailer = createMemoryMailer();
let clock = new Date('2026-11-20T10:00:00Z');
const today = () => todayInLondon(clock);
const d = (n: number) => addDays(today(), n);
const kit = rentalKit(() => ctx);
type Person = { cookie: string; user: { id: string } };
let renter: Person;
let owner: Person;
let outsider: Person;
let drill: { id: string; ownerId: string };
let saw: { id: string; ownerId: string };
let ladder: { id: string; ownerId: string };

async function bookOrder(lines: Array<{ itemId: string; startDate: string; endDate: string }>, who: Person = renter): Promise<Order> {
  const res = await kit.book(who.cookie, lines);
  expect(res.statusCode, res.body).toBe(201);
  return (await kit.send('GET', `/api/orders/${res.json().orderId}`, who.cookie)).json() as Order;
}

beforeAll(async () => {
  ctx = await createTestApp({ mailer, now: () => clock });
  await insertCategories(ctx.database.db);
  renter = await createSignedInUser(ctx.app, mailer, 'rita@example.com', 'Rita Renter');
  owner = await createSignedInUser(ctx.app, mailer, 'olive@example.com', 'Olive Owner');
  outsider = await createSignedInUser(ctx.app, mailer, 'nosy@example.com', 'Ned Nosy');
  await kit.saveAddress(renter.cookie);
  await kit.saveAddress(outsider.cookie);
  drill = await createItem(ctx.database.db, owner.user.id, {
    name: 'Cordless Drill',
    dailyRatePence: 1250,
    address: '12 Elm Road',
    city: 'Leeds',
    postcode: 'LS6 2AB',
  });
  saw = await createItem(ctx.database.db, owner.user.id, { name: 'Circular Saw', dailyRatePence: 999 });
  ladder = await createItem(ctx.database.db, owner.user.id, { name: 'Ladder', dailyRatePence: 700 });
});
afterAll(async () => ctx?.close());

describe('cancelling', () => {
  it('gives the renter one line of a two-line order back to the card it was paid with, and frees its dates at once', async () => {
    const order = await bookOrder([
      { itemId: drill.id, startDate: d(3), endDate: d(5) },
      { itemId: saw.id, startDate: d(3), endDate: d(4) },
    ]);
    const drillRental = order.rentals.find((r) => r.item.id === drill.id)!;
    const sawRental = order.rentals.find((r) => r.item.id === saw.id)!;
    // The drill's share of the 575p fee, allocated over the lines ordered by rental id.
    const lines = [drillRental, sawRental].sort((a, b) => (a.id < b.id ? -1 : 1));
    const share = feeShares(
      order.serviceFeePence,
      lines.map((l) => l.totalPence),
    )[lines.indexOf(drillRental)]!;
    expect(drillRental.paidPence).toBe(3750 + share);
    expect(drillRental.actions).toEqual(['cancel_by_renter']);

    const res = await kit.cancel(drillRental.id, renter.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ refundPence: 3750 + share });
    // Paid by card, so back to that card (its own ledger entry), nothing to the balance.
    expect(await balances(ctx.database.db, renter.user.id)).toMatchObject({ availablePence: 0 });
    const toCard = await queryRows<{ amount_pence: number; status: string }>(
      ctx.database.db,
      sql`select amount_pence, status from card_refunds where rental_id = ${drillRental.id}`,
    );
    expect(toCard).toEqual([{ amount_pence: 3750 + share, status: expect.stringMatching(/^(pending|succeeded)$/) }]);
    expect(await balances(ctx.database.db, owner.user.id)).toMatchObject({ pendingCreditsPence: 1998 });
    expect(await kit.unbalancedTransactions()).toBe(0);

    const seen = await kit.rental(drillRental.id, renter.cookie);
    expect(seen).toMatchObject({
      status: 'cancelled',
      actions: [],
      cancellation: { by: 'renter', reason: null, refundPence: 3750 + share },
    });
    expect((await kit.rental(sawRental.id, renter.cookie)).status).toBe('upcoming');
    const detail = (await kit.send('GET', `/api/items/${drill.id}`)).json() as ItemDetail;
    expect(detail.bookedRanges).toEqual([]);
    const again = await bookOrder([{ itemId: drill.id, startDate: d(3), endDate: d(5) }], outsider);
    expect(again.rentals).toHaveLength(1);
  });

  it('lets the owner decline with a reason, which the renter sees with their refund', async () => {
    const order = await bookOrder([{ itemId: ladder.id, startDate: d(6), endDate: d(6) }]);
    const id = order.rentals[0]!.id;
    expect((await kit.rental(id, owner.cookie)).actions).toEqual(['cancel_by_owner']);
    const noReason = await kit.cancel(id, owner.cookie, '  ');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.message).toBe('Please tell the renter why you are declining.');
    const res = await kit.cancel(id, owner.cookie, 'The ladder is being repaired that week.');
    expect(res.json()).toEqual({ refundPence: 700 + 70 });
    expect(await kit.rental(id, renter.cookie)).toMatchObject({
      status: 'cancelled',
      cancellation: { by: 'owner', reason: 'The ladder is being repaired that week.', refundPence: 770 },
    });
    const refunds = await queryRows<{ account: string; amount_pence: number }>(
      ctx.database.db,
      sql`select e.account, e.amount_pence from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
          where t.rental_id = ${id} and t.kind = 'rental_cancelled' order by e.amount_pence`,
    );
    expect(refunds).toEqual([
      { account: 'pending', amount_pence: -700 },
      { account: 'fees', amount_pence: -70 },
      { account: 'card', amount_pence: 770 },
    ]);
  });

  it('refuses a second cancel, a started or returned rental, and outsiders', async () => {
    const order = await bookOrder([{ itemId: ladder.id, startDate: d(2), endDate: d(4) }]);
    const id = order.rentals[0]!.id;
    expect((await kit.cancel(id)).statusCode).toBe(401);
    const outside = await kit.cancel(id, outsider.cookie);
    expect(outside.statusCode).toBe(404);
    expect(outside.json().error.message).toBe('Rental not found.');
    expect((await kit.cancel('not-a-rental', renter.cookie)).statusCode).toBe(404);
    expect((await kit.cancel(id, renter.cookie)).statusCode).toBe(200);
    const twice = await kit.cancel(id, renter.cookie);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('This rental has already been cancelled.');
    expect((await kit.cancel(id, owner.cookie, 'late')).json().error.message).toBe('This rental has already been cancelled.');

    const started = (await bookOrder([{ itemId: saw.id, startDate: d(10), endDate: d(12) }])).rentals[0]!.id;
    clock = new Date(clock.getTime() + 10 * 86_400_000);
    try {
      const late = await kit.cancel(started, renter.cookie);
      expect(late.statusCode).toBe(409);
      expect(late.json().error.message).toBe('This rental has already started, so it can no longer be cancelled.');
      expect((await kit.cancel(started, owner.cookie, 'no')).json().error.message).toBe(
        'This rental has already started, so it can no longer be cancelled.',
      );
      expect((await kit.markReturned(started, owner.cookie)).statusCode).toBe(204);
      const returned = await kit.cancel(started, renter.cookie);
      expect(returned.statusCode).toBe(409);
      expect(returned.json().error.message).toBe('This rental has been returned, so it can no longer be cancelled.');
    } finally {
      clock = new Date(clock.getTime() - 10 * 86_400_000);
    }
  });
});

describe('a payment still being taken', () => {
  it('cannot be cancelled to the balance until the card payment is captured', async () => {
    const id = (await bookOrder([{ itemId: ladder.id, startDate: d(60), endDate: d(60) }])).rentals[0]!.id;
    // Its card payment: a capture that failed once and waits for its retry.
    const [payment] = await queryRows<{ id: string }>(
      ctx.database.db,
      sql`insert into payments (renter_id, subtotal_pence, service_fee_pence, amount_pence, brand, last4, provider, provider_reference, status)
      values (${renter.user.id}, 700, 70, 770, 'visa', '4242', 'test', 'ref', 'capture_pending') returning id`,
    );
    await ctx.database.db.execute(sql`update rentals set payment_id = ${payment!.id} where id = ${id}`);
    const res = await kit.cancel(id, renter.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('The payment for this booking is still being taken. Please try again in a few minutes.');
    expect((await kit.rental(id, renter.cookie)).status).toBe('upcoming');
  });
});

describe('racing cancels', () => {
  it('the renter cancelling twice at once and the owner declining at the same moment end in one cancellation and one refund', async () => {
    const id = (await bookOrder([{ itemId: ladder.id, startDate: d(50), endDate: d(51) }])).rentals[0]!.id;
    const answers = await Promise.all([
      kit.cancel(id, renter.cookie),
      kit.cancel(id, owner.cookie, 'Away that week.'),
      kit.cancel(id, renter.cookie),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const refunds = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from ledger_transactions where rental_id = ${id} and kind = 'rental_cancelled'`,
    );
    expect(refunds[0]!.n).toBe(1);
    expect(
      answers.filter((a) => a.statusCode === 409).every((a) => a.json().error.message === 'This rental has already been cancelled.'),
    ).toBe(true);
  });
});

describe('marking returned', () => {
  it('is the owner’s once the rental has started, once, and never for a cancelled one', async () => {
    const id = (await bookOrder([{ itemId: saw.id, startDate: d(20), endDate: d(21) }])).rentals[0]!.id;
    const early = await kit.markReturned(id, owner.cookie);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('This rental has not started yet, so it cannot be marked returned.');
    expect((await kit.markReturned(id, outsider.cookie)).statusCode).toBe(404);
    expect((await kit.markReturned(id)).statusCode).toBe(401);
    clock = new Date(clock.getTime() + 20 * 86_400_000);
    try {
      const byRenter = await kit.markReturned(id, renter.cookie);
      expect(byRenter.statusCode).toBe(403);
      expect(byRenter.json().error.message).toBe('Only the owner can mark a rental returned.');
      expect((await kit.markReturned(id, owner.cookie)).statusCode).toBe(204);
      expect((await kit.markReturned(id, owner.cookie)).json().error.message).toBe('This rental has already been marked returned.');
    } finally {
      clock = new Date(clock.getTime() - 20 * 86_400_000);
    }
    const cancelled = (await bookOrder([{ itemId: saw.id, startDate: d(30), endDate: d(30) }])).rentals[0]!.id;
    await kit.cancel(cancelled, renter.cookie);
    clock = new Date(clock.getTime() + 30 * 86_400_000);
    try {
      expect((await kit.markReturned(cancelled, owner.cookie)).json().error.message).toBe(
        'This rental was cancelled, so it cannot be marked returned.',
      );
    } finally {
      clock = new Date(clock.getTime() - 30 * 86_400_000);
    }
  });
});

describe('who sees what', () => {
  it('shows visitors the town and postcode district only; the renter gets the full address and the owner’s contact once booked', async () => {
    const res = await kit.send('GET', `/api/items/${drill.id}`);
    expect(res.body).not.toContain('Elm Road');
    expect((res.json() as ItemDetail).location).toMatchObject({ address: null, city: 'Leeds', postcode: 'LS6', approximate: true });
    const browse = await kit.send('GET', '/api/categories/all/items');
    expect(browse.body).not.toContain('Elm Road');

    const id = (await bookOrder([{ itemId: drill.id, startDate: d(40), endDate: d(41) }])).rentals[0]!.id;
    const forRenter = await kit.rental(id, renter.cookie);
    expect(forRenter.pickup).toEqual({ address: '12 Elm Road', city: 'Leeds', postcode: 'LS6 2AB' });
    expect(forRenter.contact).toMatchObject({ name: 'Olive Owner', email: 'olive@example.com' });
    const forOwner = await kit.rental(id, owner.cookie);
    expect(forOwner).toMatchObject({
      role: 'owner',
      contact: { name: 'Rita Renter', email: 'rita@example.com' },
      orderId: null,
      paidPence: 0,
    });
    const outside = await kit.send('GET', `/api/rentals/${id}`, outsider.cookie);
    expect(outside.statusCode).toBe(404);
    expect(outside.body).not.toContain('Elm Road');
    expect((await kit.send('GET', `/api/rentals/${id}`)).statusCode).toBe(401);
    const lent = (await kit.send('GET', '/api/me/lent-rentals', owner.cookie)).json().rentals as Array<{ id: string }>;
    expect(lent.map((r) => r.id)).toContain(id);
    expect(((await kit.send('GET', '/api/me/lent-rentals', outsider.cookie)).json().rentals as unknown[]).length).toBe(0);
  });
});
