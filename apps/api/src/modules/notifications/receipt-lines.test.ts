import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeShares, formatPence, priceBasket } from '@toolshed/core';
import type { Order, RentalView } from '@toolshed/core/contract';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, post } from '../../test/auth-helpers.ts';
import { createItem, insertCategories } from '../../test/factories.ts';
import { renterAndOwner, TEST_CARD } from '../checkout/checkout-test-fixtures.ts';

/** 10:00 in London on 10 Mar 2029. */
const clock = new Date('2029-03-10T10:00:00.000Z');
const mailer = createMemoryMailer();
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ mailer, now: () => clock });
  await insertCategories(ctx.database.db);
});
afterAll(async () => ctx?.close());

describe('a weekly-priced line explained', () => {
  it('the receipt and the rental say "1 week £40.00 + 2 days £16.00", never 9 days at the daily rate', async () => {
    const { renter, owner } = await renterAndOwner(ctx, mailer, 'weekly-receipt@example.com');
    const barrow = await createItem(ctx.database.db, owner.id, { name: 'Barrow', dailyRatePence: 800, weeklyRatePence: 4000, maxDays: 30 });
    const res = await post(
      ctx.app,
      '/api/checkout',
      { lines: [{ itemId: barrow.id, startDate: '2029-03-15', endDate: '2029-03-23' }], card: TEST_CARD, idempotencyKey: randomUUID() },
      { cookie: renter.cookie },
    );
    expect(res.statusCode, res.body).toBe(201);
    await ctx.app.jobs.runDue();

    const receipt = mailer.sent.find((m) => m.to === renter.user.email && m.subject.startsWith('Your Toolshed receipt'));
    expect(receipt?.subject).toBe('Your Toolshed receipt: £61.60');
    expect(receipt!.text.split('\n')).toContain('  15 Mar 2029 to 23 Mar 2029: 1 week £40.00 + 2 days £16.00 = £56.00');
    expect(receipt!.html).toContain('1 week £40.00 + 2 days £16.00 = £56.00');

    const mine = await ctx.app.inject({ method: 'GET', url: '/api/me/rentals', headers: { cookie: renter.cookie } });
    const [rental] = (mine.json() as { rentals: RentalView[] }).rentals;
    expect(rental).toMatchObject({ days: 9, dailyRatePence: 800, weeklyRatePence: 4000, totalPence: 5600 });
  });
});

describe('a receipt for what each capture took', () => {
  const receiptsTo = (to: string) => mailer.sent.filter((m) => m.to === to && m.subject.startsWith('Your Toolshed receipt'));

  it('a mixed order: the instant line at checkout, the request line only once its owner accepts, never a declined one', async () => {
    const { renter } = await renterAndOwner(ctx, mailer, 'mixed-receipts@example.com');
    const owner = await createSignedInUser(ctx.app, mailer, 'mixed-owner@example.com', 'Olive Owner');
    const drill = await createItem(ctx.database.db, owner.user.id, { name: 'Drill', dailyRatePence: 1250 });
    const ladder = await createItem(ctx.database.db, owner.user.id, { name: 'Ladder', dailyRatePence: 1000, bookingMode: 'request' });
    const tent = await createItem(ctx.database.db, owner.user.id, { name: 'Tent', dailyRatePence: 900, bookingMode: 'request' });
    const res = await post(
      ctx.app,
      '/api/checkout',
      {
        lines: [
          { itemId: drill.id, startDate: '2029-03-20', endDate: '2029-03-21' },
          { itemId: ladder.id, startDate: '2029-03-20', endDate: '2029-03-22' },
          { itemId: tent.id, startDate: '2029-03-20', endDate: '2029-03-20' },
        ],
        card: TEST_CARD,
        idempotencyKey: randomUUID(),
      },
      { cookie: renter.cookie },
    );
    expect(res.statusCode, res.body).toBe(201);
    const orderId = (res.json() as { orderId: string }).orderId;
    await ctx.app.jobs.runDue();
    const order = (
      await ctx.app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: { cookie: renter.cookie } })
    ).json() as Order;
    const ids = order.rentals.map((r) => r.id).sort();
    const byName = Object.fromEntries(order.rentals.map((r) => [r.item.name, r]));
    const price = priceBasket([
      { dailyRatePence: 1250, days: 2 },
      { dailyRatePence: 1000, days: 3 },
      { dailyRatePence: 900, days: 1 },
    ]);
    const shares = feeShares(
      price.serviceFeePence,
      ids.map((id) => order.rentals.find((r) => r.id === id)!.totalPence),
    );
    const shareOf = (name: string) => shares[ids.indexOf(byName[name]!.id)]!;

    // At checkout: one receipt, for the drill alone (what was charged), nothing for the two requests.
    const [first, ...more] = receiptsTo(renter.user.email);
    expect(more).toHaveLength(0);
    expect(first!.subject).toBe(`Your Toolshed receipt: ${formatPence(2500 + shareOf('Drill'))}`);
    expect(first!.text).toContain('- Drill, from Olive Owner');
    expect(first!.text).not.toContain('Ladder');
    expect(first!.text).not.toContain('Tent');
    expect(first!.text).toContain(`Total: ${formatPence(2500 + shareOf('Drill'))}`);

    // The owner declines the tent: still no receipt for it.
    const decline = await post(ctx.app, `/api/rentals/${byName.Tent!.id}/decline`, { reason: 'Away that day' }, { cookie: owner.cookie });
    expect(decline.statusCode, decline.body).toBeLessThan(300);
    await ctx.app.jobs.runDue();
    expect(receiptsTo(renter.user.email)).toHaveLength(1);

    // The owner accepts the ladder: its own receipt, for its line and fee share, when it is captured.
    const accept = await post(ctx.app, `/api/rentals/${byName.Ladder!.id}/accept`, {}, { cookie: owner.cookie });
    expect(accept.statusCode, accept.body).toBeLessThan(300);
    await ctx.app.jobs.runDue();
    await ctx.app.jobs.runDue();
    const receipts = receiptsTo(renter.user.email);
    expect(receipts).toHaveLength(2);
    const ladderReceipt = receipts[1]!;
    expect(ladderReceipt.subject).toBe(`Your Toolshed receipt: ${formatPence(3000 + shareOf('Ladder'))}`);
    expect(ladderReceipt.text).toContain('The owner accepted your request, so it is booked and your card has been charged.');
    expect(ladderReceipt.text).toContain('- Ladder, from Olive Owner');
    expect(ladderReceipt.text).not.toContain('Drill');
    expect(ladderReceipt.text).toContain(`Service fee: ${formatPence(shareOf('Ladder'))}`);
  });

  it('an order of requests only sends no receipt at checkout', async () => {
    const { renter, owner } = await renterAndOwner(ctx, mailer, 'requests-only@example.com');
    const saw = await createItem(ctx.database.db, owner.id, { name: 'Saw', dailyRatePence: 700, bookingMode: 'request' });
    const res = await post(
      ctx.app,
      '/api/checkout',
      { lines: [{ itemId: saw.id, startDate: '2029-03-25', endDate: '2029-03-26' }], card: TEST_CARD, idempotencyKey: randomUUID() },
      { cookie: renter.cookie },
    );
    expect(res.statusCode, res.body).toBe(201);
    await ctx.app.jobs.runDue();
    await ctx.app.jobs.runDue();
    expect(receiptsTo(renter.user.email)).toHaveLength(0);
  });
});

describe('the deposit on the receipt', () => {
  it('says what was charged and what is only held, and when the hold ends', async () => {
    const { renter, owner } = await renterAndOwner(ctx, mailer, 'deposit-receipt@example.com');
    const mixer = await createItem(ctx.database.db, owner.id, { name: 'Mixer', dailyRatePence: 2000, depositPence: 5000 });
    const res = await post(
      ctx.app,
      '/api/checkout',
      { lines: [{ itemId: mixer.id, startDate: '2029-03-27', endDate: '2029-03-28' }], card: TEST_CARD, idempotencyKey: randomUUID() },
      { cookie: renter.cookie },
    );
    expect(res.statusCode, res.body).toBe(201);
    await ctx.app.jobs.runDue();
    const receipt = mailer.sent.find((m) => m.to === renter.user.email && m.subject.startsWith('Your Toolshed receipt'));
    expect(receipt?.subject).toBe('Your Toolshed receipt: £44.00');
    const held = '£44.00 charged and £50.00 held, released after the return unless a problem is reported.';
    expect(receipt!.text.split('\n')).toContain(held);
    expect(receipt!.html).toContain(held);

    // The renter's rental says the deposit is still held; the owner's view does not carry the renter's card.
    const [rental] = (
      (await ctx.app.inject({ method: 'GET', url: '/api/me/rentals', headers: { cookie: renter.cookie } })).json() as {
        rentals: RentalView[];
      }
    ).rentals;
    expect(rental).toMatchObject({ paidPence: 4400, depositHeldPence: 5000 });
    // Cancelled: the hold is released, so it is no longer said to be held.
    const cancel = await post(ctx.app, `/api/rentals/${rental!.id}/cancel`, {}, { cookie: renter.cookie });
    expect(cancel.statusCode, cancel.body).toBeLessThan(300);
    await ctx.app.jobs.runDue();
    const after = (
      await ctx.app.inject({ method: 'GET', url: `/api/rentals/${rental!.id}`, headers: { cookie: renter.cookie } })
    ).json() as RentalView;
    expect(after.depositHeldPence).toBe(0);
  });
});
