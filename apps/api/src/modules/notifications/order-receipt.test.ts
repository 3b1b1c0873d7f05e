import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@toolshed/core';
import { queryRows } from '../../db/database.ts';
import { createSimulatedProcessor } from '../../platform/payments/simulated-processor.ts';
import type { PaymentProvider } from '../../platform/payments/payment-provider.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { post } from '../../test/auth-helpers.ts';
import { createItem, createUser, insertCategories } from '../../test/factories.ts';
import { CAPTURE_JOB } from '../checkout/capture-job.ts';
import { renterAndOwner, TEST_CARD } from '../checkout/checkout-test-fixtures.ts';

/** 10:00 in London on a Saturday in March (GMT): today is 10 Mar 2029. */
const START_CLOCK = '2029-03-10T10:00:00.000Z';
let clock = new Date(START_CLOCK);
/** How many of the next captures fail at the card processor (Infinity: all of them). */
let failingCaptures = 0;

const processor = createSimulatedProcessor({ delayMs: 0 });
const payments: PaymentProvider = {
  name: processor.name,
  authorize: (input) => processor.authorize(input),
  async capture(id) {
    if (failingCaptures > 0) {
      failingCaptures -= 1;
      throw new Error('the card network timed out');
    }
    return processor.capture(id);
  },
  void: (id) => processor.void(id),
  refund: (input) => processor.refund(input),
  refundStatus: (id) => processor.refundStatus(id),
  authenticate: (input) => processor.authenticate(input),
  completeChallenge: (id, approved) => processor.completeChallenge(id, approved),
  authenticationStatus: (id) => processor.authenticationStatus(id),
  savePaymentMethod: (input) => processor.savePaymentMethod(input),
};

const mailer = createMemoryMailer();
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ mailer, now: () => clock, payments });
  await insertCategories(ctx.database.db);
});
afterAll(async () => ctx?.close());
beforeEach(() => {
  clock = new Date(START_CLOCK);
  failingCaptures = 0;
});

const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));
const runJobs = () => ctx.app.jobs.runDue();
const receiptsTo = (to: string) => mailer.sent.filter((m) => m.to === to && m.subject.startsWith('Your Toolshed receipt'));

async function noticesOf(userId: string) {
  return queryRows<{ kind: string; tab: string; title: string; body: string; link: string }>(
    ctx.database.db,
    sql`select kind, tab, title, body, link from notifications where user_id = ${userId} order by created_at, kind`,
  );
}

async function paymentStatus(orderId: string) {
  return (await queryRows<{ status: string }>(ctx.database.db, sql`select status from payments where id = ${orderId}`))[0]?.status;
}

/**
 * A renter with two lines in the wheelbarrow from two owners: a drill (£12.50 a day) from Olive, who
 * has a verified phone, and a ladder (£14.00 a day) from Omar, both 15 to 18 Mar 2029 (4 days):
 * £50.00 + £56.00 = £106.00, fee £10.60, total £116.60.
 */
async function twoOwnersOrder(email: string, card: { number: string; expiry: string; cvv: string; name: string } = TEST_CARD) {
  const db = ctx.database.db;
  const { renter, owner: olive } = await renterAndOwner(ctx, mailer, email);
  await db.execute(
    sql`update users set phone_country_code = '+44', phone_number = '7700900123', phone_verified = true where id = ${olive.id}`,
  );
  const omar = await createUser(db, { name: 'Omar Oak' });
  const drill = await createItem(db, olive.id, {
    name: 'Drill & <Driver>',
    dailyRatePence: 1250,
    address: '12 Elm Road',
    city: 'Leeds',
    postcode: 'LS6 2AB',
  });
  const ladder = await createItem(db, omar.id, {
    name: 'Ladder',
    dailyRatePence: 1400,
    address: '3 Oak Close',
    city: 'York',
    postcode: 'YO1 7HH',
  });
  const mailsBefore = mailer.sent.length;
  const res = await post(
    ctx.app,
    '/api/checkout',
    {
      lines: [
        { itemId: ladder.id, startDate: '2029-03-15', endDate: '2029-03-18' },
        { itemId: drill.id, startDate: '2029-03-15', endDate: '2029-03-18' },
      ],
      card,
      idempotencyKey: randomUUID(),
    },
    { cookie: renter.cookie },
  );
  const orderId = res.statusCode === 201 ? (res.json() as { orderId: string }).orderId : null;
  return { renter, olive, omar, res, orderId, mailsSince: (to: string) => mailer.sent.slice(mailsBefore).filter((m) => m.to === to) };
}

describe("the renter's receipt", () => {
  it('after a paid order of two lines from two owners: one receipt with every line, the money, the pick-up details and the cancellation terms', async () => {
    const t = await twoOwnersOrder('receipt-two-owners@example.com');
    expect(t.res.statusCode).toBe(201);
    const orderId = t.orderId!;
    await runJobs();
    expect(await paymentStatus(orderId)).toBe('captured');

    // Exactly one new email to the renter, and it is the receipt.
    const mails = t.mailsSince(t.renter.user.email);
    expect(mails.map((m) => m.subject)).toEqual(['Your Toolshed receipt: £116.60']);
    const { text, html } = mails[0]!;
    const lines = text.split('\n');
    // The short reference people quote, the one the order page shows.
    const [row] = await queryRows<{ reference: string }>(ctx.database.db, sql`select reference from payments where id = ${orderId}`);
    const reference = row!.reference;
    expect(reference).toMatch(/^TS-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{2}$/);
    expect(lines).toContain(`Order reference: ${reference}`);
    expect(lines).toContain('Date: 10 Mar 2029');
    // Both lines, by item name: title, owner, dates, days and line total.
    const drillAt = lines.indexOf('- Drill & <Driver>, from Olive Owner');
    const ladderAt = lines.indexOf('- Ladder, from Omar Oak');
    expect(drillAt).toBeGreaterThan(-1);
    expect(ladderAt).toBeGreaterThan(drillAt);
    expect(lines[drillAt + 1]).toBe('  15 Mar 2029 to 18 Mar 2029: 4 days £50.00');
    expect(lines[ladderAt + 1]).toBe('  15 Mar 2029 to 18 Mar 2029: 4 days £56.00');
    expect(lines).toEqual(
      expect.arrayContaining(['Subtotal: £106.00', 'Service fee: £10.60', 'Total: £116.60', 'Paid by Visa ending 4242']),
    );
    // Pick-up: the full address and the owner's contact (a phone only when verified).
    expect(lines).toEqual(
      expect.arrayContaining([
        '- Drill & <Driver>: 12 Elm Road, Leeds, LS6 2AB',
        `  Owner: Olive Owner, ${t.olive.email}, +44 7700900123`,
        '- Ladder: 3 Oak Close, York, YO1 7HH',
        `  Owner: Omar Oak, ${t.omar.email}`,
      ]),
    );
    // Cancellation: the lifecycle's rule, and for each line its last day and its refund (line total + fee share).
    expect(text).toContain(
      'You can cancel a rental in My Rentals until the day before its start date; its price and its share of the service fee then go back to the card you paid with (what you paid from your Toolshed balance goes back to the balance).',
    );
    expect(lines).toContain(
      '- Drill & <Driver> (15 Mar 2029 to 18 Mar 2029): Cancel by 14 Mar 2029 for a refund of £55.00 to the card you paid with.',
    );
    expect(lines).toContain(
      '- Ladder (15 Mar 2029 to 18 Mar 2029): Cancel by 14 Mar 2029 for a refund of £61.60 to the card you paid with.',
    );
    expect(lines).toContain(`See your order: http://localhost:3000/payment-success?order=${orderId}`);

    // The HTML part says the same with every user-supplied text escaped.
    expect(html).toContain('Drill &#38; &#60;Driver&#62;');
    expect(html).not.toContain('<Driver>');
    expect(html).toContain('Omar Oak');
    expect(html).toContain('12 Elm Road, Leeds, LS6 2AB');
    expect(html).toContain('£116.60');
    expect(html).toContain('Cancel by 14 Mar 2029 for a refund of £61.60 to the card you paid with.');

    // In the app, under My Rentals, linked to the order.
    const renterNotices = await noticesOf(t.renter.user.id);
    expect(renterNotices.map((n) => [n.kind, n.tab, n.title, n.link])).toEqual([
      ['order.paid', 'rentals', 'Order paid: £116.60', `/payment-success?order=${orderId}`],
    ]);
    expect(renterNotices[0]!.body).toBe(
      'You paid £116.60 (Visa ending 4242) for Drill & <Driver> and Ladder. We have emailed you the receipt, with the pick-up details and cancellation terms.',
    );

    // The owners still get their booking notices, in the app and by email.
    expect((await noticesOf(t.olive.id)).map((n) => [n.kind, n.title])).toEqual([['rental.booked', 'New booking: Drill & <Driver>']]);
    expect((await noticesOf(t.omar.id)).map((n) => [n.kind, n.title])).toEqual([['rental.booked', 'New booking: Ladder']]);
    expect(t.mailsSince(t.olive.email).map((m) => m.subject)).toEqual(['New booking: Drill & <Driver>']);
    expect(t.mailsSince(t.omar.email).map((m) => m.subject)).toEqual(['New booking: Ladder']);

    // The capture job's safety run, the job run once more and the event published again send nothing more.
    advance(61_000);
    await runJobs();
    await ctx.app.jobs.enqueue(CAPTURE_JOB, { paymentId: orderId }, { key: `again:${orderId}` });
    await ctx.database.db.transaction((tx) =>
      ctx.app.events.publish(tx, { type: 'payment.captured', paymentId: orderId, renterId: t.renter.user.id }),
    );
    await runJobs();
    expect(receiptsTo(t.renter.user.email)).toHaveLength(1);
    expect((await noticesOf(t.renter.user.id)).map((n) => n.kind)).toEqual(['order.paid']);
  });

  it('is sent even when the renter switched every notification email off', async () => {
    const t = await twoOwnersOrder('receipt-quiet@example.com');
    // Preferences saved after the checkout request but before the capture's event is handled.
    const off = {
      email: false,
      push: false,
      sms: false,
      newRequests: false,
      statusUpdates: false,
      returnReminders: false,
      marketing: false,
    };
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/notification-preferences',
      payload: off,
      headers: { cookie: t.renter.cookie, origin: 'http://localhost:3000' },
    });
    expect(saved.statusCode).toBe(200);
    await runJobs();
    expect(t.mailsSince(t.renter.user.email).map((m) => m.subject)).toEqual(['Your Toolshed receipt: £116.60']);
  });

  it('is not sent for a declined card (nothing is booked)', async () => {
    const t = await twoOwnersOrder('receipt-declined@example.com', { ...TEST_CARD, number: TEST_CARDS.declined });
    expect(t.res.statusCode).toBe(402);
    await runJobs();
    advance(61_000);
    await runJobs();
    expect(t.mailsSince(t.renter.user.email)).toEqual([]);
    expect(await noticesOf(t.renter.user.id)).toEqual([]);
    expect(await noticesOf(t.olive.id)).toEqual([]);
  });

  it('waits for a capture that failed at first, then comes once when the capture job takes the money', async () => {
    failingCaptures = 1;
    const t = await twoOwnersOrder('receipt-late-capture@example.com');
    expect(t.res.statusCode).toBe(201);
    const orderId = t.orderId!;
    await runJobs();
    expect(await paymentStatus(orderId)).toBe('capture_pending');
    // The booking stands and the owners are told, but no money was taken yet: no receipt.
    expect((await noticesOf(t.olive.id)).map((n) => n.kind)).toEqual(['rental.booked']);
    expect(receiptsTo(t.renter.user.email)).toHaveLength(0);

    advance(61_000);
    await runJobs();
    expect(await paymentStatus(orderId)).toBe('captured');
    expect(receiptsTo(t.renter.user.email).map((m) => m.subject)).toEqual(['Your Toolshed receipt: £116.60']);

    await ctx.app.jobs.enqueue(CAPTURE_JOB, { paymentId: orderId }, { key: `again:${orderId}` });
    advance(61_000);
    await runJobs();
    expect(receiptsTo(t.renter.user.email)).toHaveLength(1);
    expect((await noticesOf(t.renter.user.id)).map((n) => n.kind)).toEqual(['order.paid']);
  });

  it('is not sent when the capture fails for good (the booking is cancelled and the renter told so)', async () => {
    failingCaptures = Number.POSITIVE_INFINITY;
    const t = await twoOwnersOrder('receipt-capture-failed@example.com');
    expect(t.res.statusCode).toBe(201);
    for (let i = 0; i < 18; i++) {
      advance(60 * 60_000);
      await runJobs();
    }
    expect(await paymentStatus(t.orderId!)).toBe('voided');
    expect(receiptsTo(t.renter.user.email)).toEqual([]);
    expect((await noticesOf(t.renter.user.id)).map((n) => n.kind)).toEqual([
      'payment.capture_failed',
      'rental.cancelled',
      'rental.cancelled',
    ]);
  });
});
