import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, EXPIRED_EXTENSION_MESSAGE, londonTimeToInstant, TEST_CARDS, todayInLondon } from '@toolshed/core';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createItem } from '../../test/factories.ts';
import { queryRows } from '../../db/database.ts';
import { createSimulatedProcessor } from '../../platform/payments/simulated-processor.ts';
import { rentalKit, signInParties, type Party } from './rental-test-kit.ts';

/**
 * The renter withdraws a request or a pending extension; a request item's pending extension holds
 * its extra days against every other booking and expires like a request. Through the real
 * endpoints; every refusal says why and moves no money.
 */
let ctx: TestContext;
const mailer = createMemoryMailer();
const processor = createSimulatedProcessor({ delayMs: 0 });
let clock = new Date('2030-03-04T10:00:00Z');
const kit = rentalKit(() => ctx);
const today = () => todayInLondon(clock);
const card = { number: TEST_CARDS.success, expiry: '12/35', cvv: '123', name: 'Rita Renter' };
type Person = Party;
let renter: Person;
let other: Person;
let owner: Person;
let stranger: Person;

const ledgerRows = () => kit.ledgerRows();
/** What the processor did with the request's own authorisation, or the rental's latest extension's. */
async function requestHold(rentalId: string) {
  const rows = await queryRows<{ a: string }>(
    ctx.database.db,
    sql`select request_authorization_id as a from rentals where id = ${rentalId}`,
  );
  return processor.holds.get(rows[0]!.a);
}
async function extensionHold(rentalId: string) {
  const rows = await queryRows<{ a: string }>(
    ctx.database.db,
    sql`select authorization_id as a from rental_extensions where rental_id = ${rentalId} order by created_at desc limit 1`,
  );
  return processor.holds.get(rows[0]!.a);
}
const withdraw = (id: string, cookie?: string) => kit.send('POST', `/api/rentals/${id}/withdraw`, cookie, {});
const extend = (id: string, endDate: string) =>
  kit.send('POST', `/api/rentals/${id}/extension`, renter.cookie, { endDate, payWith: 'card', card });
const withdrawExtension = (id: string, cookie?: string) => kit.send('POST', `/api/rentals/${id}/extension/withdraw`, cookie, {});
const acceptExtension = (id: string) => kit.send('POST', `/api/rentals/${id}/extension/accept`, owner.cookie, {});
const notices = (userId: string, title: string) =>
  queryRows<{ title: string; body: string }>(
    ctx.database.db,
    sql`select title, body from notifications where user_id = ${userId} and title = ${title}`,
  );
const extensionStatus = async (id: string) =>
  (
    await queryRows<{ status: string }>(
      ctx.database.db,
      sql`select status from rental_extensions where rental_id = ${id} order by created_at desc limit 1`,
    )
  )[0]!.status;
async function runJobs() {
  await ctx.app.jobs.runDue();
  await ctx.app.jobs.runDue();
}

/** Books `itemId` from `offset` days ahead for `days` days as `who`: the rental id, or the refusal. */
const book = (who: Person, itemId: string, offset: number, days: number) =>
  kit.bookDays(who.cookie, itemId, addDays(today(), offset), days);

/** A request item's rental, accepted, with an extension of `extra` days waiting for the owner; its current end date. */
async function pendingExtension(name: string, offset: number, extra: number): Promise<{ id: string; itemId: string; end: string }> {
  const item = await createItem(ctx.database.db, owner.user.id, { name, bookingMode: 'request', dailyRatePence: 2000, maxDays: 10 });
  const { id } = await book(renter, item.id, offset, 2);
  expect((await kit.send('POST', `/api/rentals/${id}/accept`, owner.cookie, {})).statusCode).toBe(204);
  const end = (await kit.rental(id, renter.cookie)).endDate;
  const asked = await extend(id, addDays(end, extra));
  expect(asked.json()).toEqual({ status: 'pending', chargedPence: 0 });
  return { id, itemId: item.id, end };
}

beforeAll(async () => {
  ctx = await createTestApp({ mailer, payments: processor, now: () => clock });
  ({ renter, other, owner, stranger } = await signInParties(ctx, mailer));
});
afterAll(async () => ctx?.close());

describe('the renter withdraws a request', () => {
  let ladder: { id: string };
  let requestId: string;

  it('only the renter, while it waits: anyone else is refused and nothing changes', async () => {
    ladder = await createItem(ctx.database.db, owner.user.id, { name: 'Ladder', bookingMode: 'request', dailyRatePence: 1000 });
    requestId = (await book(renter, ladder.id, 5, 3)).id;
    expect((await kit.rental(requestId, renter.cookie)).actions).toEqual(['withdraw_request']);
    const ledger = await ledgerRows();
    expect((await withdraw(requestId)).statusCode).toBe(401);
    expect((await withdraw(requestId, stranger.cookie)).statusCode).toBe(404);
    const byOwner = await withdraw(requestId, owner.cookie);
    expect(byOwner.statusCode).toBe(403);
    expect(byOwner.json().error.message).toBe('Only the renter can withdraw a request.');
    // Cancelling a request is not how it is taken back.
    const cancelled = await kit.cancel(requestId, renter.cookie);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().error.message).toBe('This request is waiting for the owner: withdraw it instead (nothing is charged).');
    expect((await kit.rental(requestId, renter.cookie)).status).toBe('requested');
    expect(await ledgerRows()).toBe(ledger);
    expect(await requestHold(requestId)).toBe('held');
  });

  it('voids its authorisation, frees its dates at once, charges nothing and tells the owner (in-app and by email)', async () => {
    const ledger = await ledgerRows();
    const res = await withdraw(requestId, renter.cookie);
    expect(res.statusCode, res.body).toBe(204);
    const seen = await kit.rental(requestId, renter.cookie);
    expect(seen).toMatchObject({ status: 'cancelled', paidPence: 0, actions: [], cancellation: { by: 'renter', refundPence: 0 } });
    expect(await requestHold(requestId)).toBe('voided');
    expect(await ledgerRows()).toBe(ledger);
    // The same dates are free for someone else straight away.
    expect((await book(other, ladder.id, 5, 3)).status).toBe(201);
    await runJobs();
    expect(await notices(owner.user.id, 'Request withdrawn: Ladder')).toEqual([
      {
        title: 'Request withdrawn: Ladder',
        body: expect.stringContaining('Rita Renter withdrew the request for your Ladder'),
      },
    ]);
    expect(mailer.sent.filter((m) => m.to === owner.user.email && m.subject === 'Request withdrawn: Ladder')).toHaveLength(1);
    expect(await notices(renter.user.id, 'Request withdrawn: Ladder')).toEqual([]);
  });

  it('accepting, declining or withdrawing it again is refused with the reason, moving no money', async () => {
    const ledger = await ledgerRows();
    const accepted = await kit.send('POST', `/api/rentals/${requestId}/accept`, owner.cookie, {});
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().error.message).toBe('The renter withdrew this request, so it can no longer be accepted or declined.');
    const declined = await kit.send('POST', `/api/rentals/${requestId}/decline`, owner.cookie, { reason: 'No' });
    expect(declined.statusCode).toBe(409);
    const again = await withdraw(requestId, renter.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('You have already withdrawn this request.');
    expect(await ledgerRows()).toBe(ledger);
    expect(await requestHold(requestId)).toBe('voided');
  });

  it("obeys the owner's preferences: no email when status updates are off, the in-app notice still", async () => {
    const prefs = {
      email: true,
      push: false,
      sms: false,
      newRequests: true,
      statusUpdates: false,
      returnReminders: true,
      marketing: false,
    };
    expect((await kit.send('PUT', '/api/me/notification-preferences', owner.cookie, prefs)).statusCode).toBe(200);
    const saw = await createItem(ctx.database.db, owner.user.id, { name: 'Saw', bookingMode: 'request' });
    const { id } = await book(renter, saw.id, 6, 1);
    expect((await withdraw(id, renter.cookie)).statusCode).toBe(204);
    const mails = mailer.sent.length;
    await runJobs();
    expect(await notices(owner.user.id, 'Request withdrawn: Saw')).toHaveLength(1);
    expect(mailer.sent.slice(mails).filter((m) => m.to === owner.user.email && m.subject === 'Request withdrawn: Saw')).toEqual([]);
    expect((await kit.send('PUT', '/api/me/notification-preferences', owner.cookie, { ...prefs, statusUpdates: true })).statusCode).toBe(
      200,
    );
  });

  it('an expired request is not withdrawn (it is closed by Toolshed, which frees it the same way)', async () => {
    const drill = await createItem(ctx.database.db, owner.user.id, { name: 'Drill', bookingMode: 'request' });
    const { id } = await book(renter, drill.id, 3, 1);
    clock = new Date(clock.getTime() + 25 * 3_600_000);
    const late = await withdraw(id, renter.cookie);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('This request has expired: its dates were freed and nothing was charged.');
    await runJobs();
    expect((await kit.rental(id, renter.cookie)).status).toBe('cancelled');
  });
});

describe("a request item's pending extension", () => {
  it('holds its extra days (buffer included) against another checkout until the owner answers', async () => {
    const { id, itemId, end } = await pendingExtension('Van', 2, 2);
    const view = await kit.rental(id, owner.cookie);
    expect(view.pendingExtension).toMatchObject({ endDate: addDays(end, 2) });
    // The popup's calendar shows the held days as booked.
    const detail = (await kit.send('GET', `/api/items/${itemId}`)).json();
    expect(detail.bookedRanges).toEqual([{ startDate: view.startDate, endDate: addDays(end, 2) }]);
    for (const offset of [1, 2]) {
      const startDate = addDays(end, offset);
      const res = await kit.book(other.cookie, [{ itemId, startDate, endDate: startDate }]);
      expect(res.statusCode, startDate).toBe(409);
      expect(res.json().error.message).toContain('Van is already booked');
    }
    // Accepted: the end moves to the held days and the card is charged; the days stay taken.
    expect((await acceptExtension(id)).statusCode).toBe(204);
    expect((await kit.rental(id, renter.cookie)).endDate).toBe(addDays(end, 2));
    expect(await extensionHold(id)).toBe('captured');
    const after = addDays(end, 3);
    expect((await kit.book(other.cookie, [{ itemId, startDate: after, endDate: after }])).statusCode).toBe(201);
    expect(await kit.unbalancedTransactions()).toBe(0);
  });

  it('the database itself refuses a booking over the held days, whatever the application checks', async () => {
    const { id, itemId, end } = await pendingExtension('Trailer', 2, 1);
    const rows = await queryRows<{ renter_id: string; owner_id: string }>(
      ctx.database.db,
      sql`select renter_id, owner_id from rentals where id = ${id}`,
    );
    await expect(
      ctx.database.db.execute(
        sql`insert into rentals (item_id, renter_id, owner_id, start_date, end_date, total_pence)
            values (${itemId}, ${other.user.id}, ${rows[0]!.owner_id}, ${addDays(end, 1)}::date, ${addDays(end, 1)}::date, 100)`,
      ),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23P01' }) });
    expect((await withdrawExtension(id, renter.cookie)).statusCode).toBe(204);
  });

  it('expires when its job runs: the authorisation voided, the days freed, nothing charged, both sides told', async () => {
    const { id, itemId, end } = await pendingExtension('Mixer', 3, 1);
    const expiresAt = new Date((await kit.rental(id, renter.cookie)).pendingExtension!.expiresAt!);
    expect(expiresAt.getTime()).toBe(clock.getTime() + 24 * 3_600_000);
    const ledger = await ledgerRows();
    await runJobs();
    expect(await extensionStatus(id)).toBe('pending'); // not yet
    clock = new Date(expiresAt.getTime() + 1000);
    await runJobs();
    expect(await extensionStatus(id)).toBe('expired');
    const seen = await kit.rental(id, renter.cookie);
    expect(seen).toMatchObject({ endDate: end, pendingExtension: null });
    expect(await extensionHold(id)).toBe('voided');
    expect(await ledgerRows()).toBe(ledger);
    const day = addDays(end, 1);
    // Free again, but for the rental's own buffer (none here).
    expect((await kit.book(other.cookie, [{ itemId, startDate: day, endDate: day }])).statusCode).toBe(201);
    expect(await notices(owner.user.id, 'Extension expired: Mixer')).toHaveLength(1);
    expect(await notices(renter.user.id, 'Extension expired: Mixer')).toEqual([
      { title: 'Extension expired: Mixer', body: expect.stringContaining('Nothing was charged.') },
    ]);
  });

  it('is refused at accept time once its hold has run out, even before its job has run', async () => {
    const { id, itemId, end } = await pendingExtension('Sander', 2, 1);
    // The rental ends on `end`: the hold ends when its first extra day begins, if that is sooner than 24 hours.
    const expiresAt = new Date((await kit.rental(id, renter.cookie)).pendingExtension!.expiresAt!);
    clock = new Date(expiresAt.getTime());
    const ledger = await ledgerRows();
    const accepted = await acceptExtension(id);
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().error.message).toBe(EXPIRED_EXTENSION_MESSAGE);
    const withdrawn = await withdrawExtension(id, renter.cookie);
    expect(withdrawn.statusCode).toBe(409);
    expect(withdrawn.json().error.message).toBe(EXPIRED_EXTENSION_MESSAGE);
    expect((await kit.rental(id, renter.cookie)).endDate).toBe(end);
    expect(await ledgerRows()).toBe(ledger);
    expect(await extensionHold(id)).toBe('held');
    await runJobs();
    expect(await extensionStatus(id)).toBe('expired');
    expect(await extensionHold(id)).toBe('voided');
    const day = addDays(end, 1);
    expect((await kit.book(other.cookie, [{ itemId, startDate: day, endDate: day }])).statusCode).toBe(201);
  });

  it('the renter withdraws it: voided, the days freed, the owner told; anyone else is refused', async () => {
    const { id, itemId, end } = await pendingExtension('Hedge trimmer', 2, 2);
    const ledger = await ledgerRows();
    expect((await withdrawExtension(id)).statusCode).toBe(401);
    expect((await withdrawExtension(id, stranger.cookie)).statusCode).toBe(404);
    const byOwner = await withdrawExtension(id, owner.cookie);
    expect(byOwner.statusCode).toBe(403);
    expect(byOwner.json().error.message).toBe('Only the renter can withdraw an extension they asked for.');
    expect(await extensionHold(id)).toBe('held');

    expect((await withdrawExtension(id, renter.cookie)).statusCode).toBe(204);
    expect(await extensionStatus(id)).toBe('withdrawn');
    expect((await kit.rental(id, renter.cookie)).pendingExtension).toBeNull();
    expect(await extensionHold(id)).toBe('voided');
    expect(await ledgerRows()).toBe(ledger);
    const day = addDays(end, 1);
    expect((await kit.book(other.cookie, [{ itemId, startDate: day, endDate: addDays(day, 1) }])).statusCode).toBe(201);
    const again = await withdrawExtension(id, renter.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('There is no extension of this rental waiting for the owner.');
    const accepted = await acceptExtension(id);
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().error.message).toBe('There is no extension of this rental waiting for an answer.');
    expect(await extensionHold(id)).toBe('voided');
    await runJobs();
    expect(await notices(owner.user.id, 'Extension withdrawn: Hedge trimmer')).toHaveLength(1);
  });

  it('ends with its rental cancelled by the renter: withdrawn at once, its days freed and its card hold voided', async () => {
    const { id, itemId, end } = await pendingExtension('Plate compactor', 4, 2);
    expect(await extensionHold(id)).toBe('held');
    const cancelled = await kit.cancel(id, renter.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await runJobs();
    expect(await extensionStatus(id)).toBe('withdrawn');
    expect(await extensionHold(id)).toBe('voided');
    expect((await kit.rental(id, renter.cookie)).pendingExtension).toBeNull();
    const day = addDays(end, 1);
    expect((await kit.book(other.cookie, [{ itemId, startDate: day, endDate: addDays(day, 1) }])).statusCode).toBe(201);
    expect(await kit.unbalancedTransactions()).toBe(0);
  });

  it('ends with its rental marked returned by the owner: declined, its card hold voided, nothing charged for it', async () => {
    // Noon tomorrow, so that the rental below has started and its extension's hold has not run out when it is returned.
    clock = londonTimeToInstant(addDays(today(), 1), '12:00');
    const { id, itemId, end } = await pendingExtension('Floor sander', 1, 2);
    const paid = (await kit.rental(id, renter.cookie)).paidPence;
    clock = londonTimeToInstant(addDays(today(), 1), '09:00');
    expect(clock.getTime()).toBeLessThan(new Date((await kit.rental(id, renter.cookie)).pendingExtension!.expiresAt!).getTime());
    const returned = await kit.markReturned(id, owner.cookie);
    expect(returned.statusCode, returned.body).toBe(204);
    await runJobs();
    expect(await extensionStatus(id)).toBe('declined');
    expect(await extensionHold(id)).toBe('voided');
    expect(await kit.rental(id, renter.cookie)).toMatchObject({ endDate: end, paidPence: paid, pendingExtension: null });
    const day = addDays(end, 1);
    expect((await kit.book(other.cookie, [{ itemId, startDate: day, endDate: day }])).statusCode).toBe(201);
    expect(await kit.unbalancedTransactions()).toBe(0);
  });

  it('a hold whose void fails right after the close is voided by the keyed job', async () => {
    const { id } = await pendingExtension('Tile saw', 3, 1);
    const realVoid = processor.void.bind(processor);
    processor.void = async () => {
      throw new Error('processor unavailable');
    };
    try {
      expect((await withdrawExtension(id, renter.cookie)).statusCode).toBe(204);
    } finally {
      processor.void = realVoid;
    }
    expect(await extensionStatus(id)).toBe('withdrawn');
    expect(await extensionHold(id)).toBe('held');
    clock = new Date(clock.getTime() + 61_000);
    await runJobs();
    expect(await extensionHold(id)).toBe('voided');
  });

  it('a declined extension frees its held days too', async () => {
    const { id, itemId, end } = await pendingExtension('Chainsaw', 2, 1);
    expect((await kit.send('POST', `/api/rentals/${id}/extension/decline`, owner.cookie, { reason: 'Needed back' })).statusCode).toBe(204);
    const day = addDays(end, 1);
    expect((await kit.book(other.cookie, [{ itemId, startDate: day, endDate: day }])).statusCode).toBe(201);
    expect(await extensionHold(id)).toBe('voided');
  });
});
