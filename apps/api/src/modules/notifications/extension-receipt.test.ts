import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, TEST_CARDS, todayInLondon } from '@toolshed/core';
import { queryRows } from '../../db/database.ts';
import { createSimulatedProcessor } from '../../platform/payments/simulated-processor.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createItem } from '../../test/factories.ts';
import { postTransaction } from '../ledger/ledger-repository.ts';
import { rentalKit, signInParties, type Party } from '../rentals/rental-test-kit.ts';

/** The renter's receipt for each extension when it is charged, through the real endpoints and jobs. */
let ctx: TestContext;
const mailer = createMemoryMailer();
const processor = createSimulatedProcessor({ delayMs: 0 });
/** 10:00 in London on Monday 4 Mar 2030 (GMT). */
const clock = new Date('2030-03-04T10:00:00Z');
const kit = rentalKit(() => ctx);
const card = { number: TEST_CARDS.success, expiry: '12/35', cvv: '123', name: 'Rita Renter' };
let renter: Party;
let owner: Party;

const extend = (id: string, body: object) => kit.send('POST', `/api/rentals/${id}/extension`, renter.cookie, body);
const runJobs = () => ctx.app.jobs.runDue();
const isReceipt = (subject: string) => subject.startsWith('Receipt: extension of');
/** The extension receipts the renter has been sent. */
const receipts = () => mailer.sent.filter((m) => m.to === renter.user.email && isReceipt(m.subject));

async function receiptNotices(rentalId: string) {
  return queryRows<{ title: string; body: string; link: string; tab: string }>(
    ctx.database.db,
    sql`select title, body, link, tab from notifications where user_id = ${renter.user.id} and rental_id = ${rentalId} and kind = 'extension.paid' order by created_at`,
  );
}

/** Books `itemId` for `days` days from `offset` days ahead; the rental id. */
async function book(itemId: string, offset: number, days: number): Promise<string> {
  const booked = await kit.bookDays(renter.cookie, itemId, addDays(todayInLondon(clock), offset), days);
  expect(booked.status, booked.message).toBe(201);
  return booked.id;
}

async function orderReference(rentalId: string): Promise<string> {
  const [row] = await queryRows<{ reference: string }>(
    ctx.database.db,
    sql`select p.reference from rentals r join payments p on p.id = r.payment_id where r.id = ${rentalId}`,
  );
  return row!.reference;
}

beforeAll(async () => {
  ctx = await createTestApp({ mailer, payments: processor, now: () => clock });
  ({ renter, owner } = await signInParties(ctx, mailer));
});
afterAll(async () => ctx?.close());

describe("an extension's receipt", () => {
  it('paid by card: one receipt with the new dates, the extra days and their price, the fee, the card and the order reference', async () => {
    const saw = await createItem(ctx.database.db, owner.user.id, { name: 'Saw & <Blade>', dailyRatePence: 1000, maxDays: 10 });
    const id = await book(saw.id, 1, 3); // 5 to 7 Mar 2030, £30.00
    await runJobs();
    const before = receipts().length;

    const res = await extend(id, { endDate: '2030-03-09', payWith: 'card', card });
    expect(res.json()).toEqual({ status: 'extended', chargedPence: 2200 });
    await runJobs();

    const sent = receipts().slice(before);
    expect(sent.map((m) => m.subject)).toEqual(['Receipt: extension of Saw & <Blade>']);
    const lines = sent[0]!.text.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Your rental of Saw & <Blade> is extended. This is your receipt for the extension.',
        `Order reference: ${await orderReference(id)}`,
        'Date: 4 Mar 2030',
        'Saw & <Blade>, from Olive Owner',
        'New dates: 5 Mar 2030 to 9 Mar 2030 (it ended on 7 Mar 2030)',
        'Extra days: 2 days, 8 Mar 2030 to 9 Mar 2030',
        'Rental price now: 5 days £50.00 (was 3 days £30.00)',
        'Extra days: £20.00',
        'Service fee: £2.00',
        'Total charged: £22.00',
        'Paid by Visa ending 4242.',
        `See the rental: http://localhost:3000/rentals/${id}`,
      ]),
    );
    expect(await orderReference(id)).toMatch(/^TS-[0-9A-Z]{4}-[0-9A-Z]{2}$/);
    // The HTML part says the same, the item's name escaped.
    const { html } = sent[0]!;
    expect(html).toContain('Saw &#38; &#60;Blade&#62;');
    expect(html).not.toContain('<Blade>');
    expect(html).toContain('Total charged');
    expect(html).toContain('£22.00');
    expect(html).toContain('Paid by Visa ending 4242.');

    // In the app, under the rental in My Rentals.
    expect(await receiptNotices(id)).toEqual([
      {
        title: 'Extension paid: £22.00',
        body: 'You paid £22.00 (Visa ending 4242) to keep Saw & <Blade> until 9 Mar 2030. We have emailed you the receipt.',
        link: `/rentals/${id}`,
        tab: 'rentals',
      },
    ]);

    // The jobs run again, later, and the event handled once more: nothing more is sent.
    const [extension] = await queryRows<{ id: string }>(ctx.database.db, sql`select id from rental_extensions where rental_id = ${id}`);
    await ctx.database.db.transaction((tx) =>
      ctx.app.events.publish(tx, {
        type: 'rental.extended',
        extensionId: extension!.id,
        rentalId: id,
        itemId: saw.id,
        renterId: renter.user.id,
        ownerId: owner.user.id,
        endDate: '2030-03-09',
      }),
    );
    await runJobs();
    await runJobs();
    expect(receipts().slice(before)).toHaveLength(1);
    expect(await receiptNotices(id)).toHaveLength(1);
  });

  it('paid from the balance: the receipt names the balance, and it is sent with every notification email switched off', async () => {
    await postTransaction(ctx.database.db, {
      kind: 'test_credit',
      entries: [
        { userId: null, account: 'fees', amountPence: -5000 },
        { userId: renter.user.id, account: 'available', amountPence: 5000 },
      ],
    });
    const mixer = await createItem(ctx.database.db, owner.user.id, { name: 'Mixer', dailyRatePence: 1500, maxDays: 10 });
    const id = await book(mixer.id, 3, 2); // 7 to 8 Mar 2030
    await runJobs();
    const saved = await kit.send('PUT', '/api/me/notification-preferences', renter.cookie, {
      email: false,
      push: false,
      sms: false,
      newRequests: false,
      statusUpdates: false,
      returnReminders: false,
      marketing: false,
    });
    expect(saved.statusCode).toBe(200);
    const before = receipts().length;

    expect((await extend(id, { endDate: '2030-03-09', payWith: 'balance' })).json()).toEqual({ status: 'extended', chargedPence: 1650 });
    await runJobs();

    const sent = receipts().slice(before);
    expect(sent.map((m) => m.subject)).toEqual(['Receipt: extension of Mixer']);
    const lines = sent[0]!.text.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'New dates: 7 Mar 2030 to 9 Mar 2030 (it ended on 8 Mar 2030)',
        'Extra days: 1 day, 9 Mar 2030 to 9 Mar 2030',
        'Rental price now: 3 days £45.00 (was 2 days £30.00)',
        'Extra days: £15.00',
        'Service fee: £1.50',
        'Total charged: £16.50',
        'Paid from your Toolshed balance.',
      ]),
    );
    expect(sent[0]!.text).not.toContain('ending 4242');
    expect((await receiptNotices(id)).map((n) => n.body)).toEqual([
      'You paid £16.50 (from your Toolshed balance) to keep Mixer until 9 Mar 2030. We have emailed you the receipt.',
    ]);
    const restored = await kit.send('PUT', '/api/me/notification-preferences', renter.cookie, {
      email: true,
      push: false,
      sms: false,
      newRequests: true,
      statusUpdates: true,
      returnReminders: true,
      marketing: false,
    });
    expect(restored.statusCode).toBe(200);
  });

  it('costing less (a weekly price): says what went back to the balance, by core’s line breakdown', async () => {
    const tent = await createItem(ctx.database.db, owner.user.id, {
      name: 'Tent',
      dailyRatePence: 1000,
      weeklyRatePence: 4000,
      maxDays: 14,
    });
    const id = await book(tent.id, 1, 5); // 5 to 9 Mar 2030: 5 days £50.00, fee £5.00
    await runJobs();
    const before = receipts().length;

    // Seven days are one week, £40.00: £10.00 less, and £1.00 less fee.
    const res = await extend(id, { endDate: '2030-03-11', payWith: 'card', card });
    expect(res.json()).toEqual({ status: 'extended', chargedPence: 0 });
    await runJobs();

    const sent = receipts().slice(before);
    expect(sent.map((m) => m.subject)).toEqual(['Receipt: extension of Tent']);
    const lines = sent[0]!.text.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'New dates: 5 Mar 2030 to 11 Mar 2030 (it ended on 9 Mar 2030)',
        'Extra days: 2 days, 10 Mar 2030 to 11 Mar 2030',
        'Rental price now: 1 week £40.00 (was 5 days £50.00)',
        'Extra days (the longer rental costs less): -£10.00',
        'Service fee: -£1.00',
        'Total back to your balance: £11.00',
        '£11.00 went back to your Toolshed balance.',
      ]),
    );
    expect(sent[0]!.text).not.toContain('Paid by');
    expect((await receiptNotices(id)).map((n) => n.title)).toEqual(['Extension: £11.00 back to your balance']);
  });

  it('of a request item: none while it waits, one when the owner accepts, none for one declined or withdrawn', async () => {
    const van = await createItem(ctx.database.db, owner.user.id, {
      name: 'Van',
      bookingMode: 'request',
      dailyRatePence: 4000,
      maxDays: 10,
    });
    const id = await book(van.id, 2, 2); // 6 to 7 Mar 2030
    expect((await kit.send('POST', `/api/rentals/${id}/accept`, owner.cookie, {})).statusCode).toBe(204);
    await runJobs();
    const before = receipts().length;

    expect((await extend(id, { endDate: '2030-03-08', payWith: 'card', card })).json()).toEqual({ status: 'pending', chargedPence: 0 });
    await runJobs();
    expect(receipts().slice(before)).toEqual([]);
    expect(await receiptNotices(id)).toEqual([]);

    expect((await kit.send('POST', `/api/rentals/${id}/extension/accept`, owner.cookie, {})).statusCode).toBe(204);
    await runJobs();
    const sent = receipts().slice(before);
    expect(sent.map((m) => m.subject)).toEqual(['Receipt: extension of Van']);
    expect(sent[0]!.text.split('\n')).toEqual(
      expect.arrayContaining([
        'Olive Owner accepted your extension of Van, so it is booked and paid. This is your receipt for it.',
        `Order reference: ${await orderReference(id)}`,
        'New dates: 6 Mar 2030 to 8 Mar 2030 (it ended on 7 Mar 2030)',
        'Extra days: 1 day, 8 Mar 2030 to 8 Mar 2030',
        'Rental price now: 3 days £120.00 (was 2 days £80.00)',
        'Extra days: £40.00',
        'Service fee: £4.00',
        'Total charged: £44.00',
        'Paid by Visa ending 4242.',
      ]),
    );

    // Declined: nothing charged, no receipt.
    expect((await extend(id, { endDate: '2030-03-09', payWith: 'card', card })).json()).toMatchObject({ status: 'pending' });
    const declined = await kit.send('POST', `/api/rentals/${id}/extension/decline`, owner.cookie, { reason: 'Needed it back' });
    expect(declined.statusCode).toBe(204);
    await runJobs();
    // Withdrawn by the renter: likewise.
    expect((await extend(id, { endDate: '2030-03-09', payWith: 'card', card })).json()).toMatchObject({ status: 'pending' });
    expect((await kit.send('POST', `/api/rentals/${id}/extension/withdraw`, renter.cookie, {})).statusCode).toBe(204);
    await runJobs();
    await runJobs();
    expect(receipts().slice(before)).toHaveLength(1);
    expect((await receiptNotices(id)).map((n) => n.title)).toEqual(['Extension paid: £44.00']);
  });
});
