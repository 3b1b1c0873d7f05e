import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NotificationList } from '@toolshed/core/contract';
import { queryRows } from '../../db/database.ts';
import type { DomainEvent } from '../../platform/events/domain-events.ts';
import { readSmsOutbox } from '../../platform/sms/sms-sender.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, post } from '../../test/auth-helpers.ts';
import { createItem, createRental, insertCategories } from '../../test/factories.ts';

let ctx: TestContext;
const mailer = createMemoryMailer();
let owner: { cookie: string; user: { id: string; email: string } };
let renter: { cookie: string; user: { id: string; email: string } };
let item: { id: string; ownerId: string };
let rental: { id: string; itemId: string };

async function publish(event: DomainEvent, id?: string) {
  await ctx.database.db.transaction((tx) => ctx.app.events.publish(tx, event, id));
  await ctx.app.jobs.runDue();
}

async function notificationsOf(userId: string) {
  return queryRows<{ kind: string; title: string; body: string; tab: string; group_key: string; read_at: string | null }>(
    ctx.database.db,
    sql`select kind, title, body, tab, group_key, read_at from notifications where user_id = ${userId} order by created_at, id`,
  );
}

const get = (url: string, cookie: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const unread = async (cookie: string) => (await get('/api/notifications/unread-count', cookie)).json().count as number;
const list = async (cookie: string, tab: string) => (await get(`/api/notifications?tab=${tab}`, cookie)).json() as NotificationList;

beforeAll(async () => {
  ctx = await createTestApp({ mailer });
  await insertCategories(ctx.database.db);
  owner = await createSignedInUser(ctx.app, mailer, 'olive@example.com', 'Olive <Owner>');
  renter = await createSignedInUser(ctx.app, mailer, 'rita@example.com', 'Rita Renter');
  item = await createItem(ctx.database.db, owner.user.id, { name: 'Drill & "Driver"' });
  rental = await createRental(ctx.database.db, item, renter.user.id, 3, 2, { totalPence: 2750 });
});
afterAll(async () => ctx?.close());
beforeEach(async () => {
  await ctx.database.db.execute(sql`delete from notifications`);
  mailer.sent.length = 0;
});

const base = () => ({ rentalId: rental.id, itemId: item.id, renterId: renter.user.id, ownerId: owner.user.id });

describe('notifications from domain events', () => {
  it('a booking tells the owner once, with the money in pounds, even when published twice', async () => {
    await publish({ type: 'rental.booked', ...base(), paymentId: '00000000-0000-4000-8000-000000000000' });
    await publish({ type: 'rental.booked', ...base(), paymentId: '00000000-0000-4000-8000-000000000000' });
    const mine = await notificationsOf(owner.user.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ kind: 'rental.booked', tab: 'items', group_key: `item:${item.id}` });
    expect(mine[0]!.body).toContain('£27.50');
    expect(await notificationsOf(renter.user.id)).toHaveLength(0);
    expect(await unread(owner.cookie)).toBe(1);
  });

  it('an email per notice: plain text and HTML, names escaped, with a link to the preferences', async () => {
    await publish({ type: 'rental.booked', ...base(), paymentId: '00000000-0000-4000-8000-000000000000' });
    const email = mailer.lastTo('olive@example.com');
    expect(email.subject).toBe('New booking: Drill & "Driver"');
    expect(email.text).toContain('Hello Olive <Owner>,');
    expect(email.text).toContain('http://localhost:3000/profile?tab=preferences');
    expect(email.html).toContain('Hello Olive &#60;Owner&#62;,');
    expect(email.html).toContain('Drill &#38; &#34;Driver&#34;');
    expect(email.html).not.toContain('<Owner>');
    expect(email.html).toContain('href="http://localhost:3000/profile?tab=preferences"');
  });

  it.each([
    ['renter', 'owner'],
    ['owner', 'renter'],
  ] as const)('a cancellation by the %s tells the %s and confirms it to the one who cancelled', async (by, other) => {
    await publish({ type: 'rental.cancelled', ...base(), by, refundPence: 2750 });
    const otherId = other === 'owner' ? owner.user.id : renter.user.id;
    const byId = by === 'owner' ? owner.user.id : renter.user.id;
    expect((await notificationsOf(otherId)).map((n) => n.kind)).toEqual(['rental.cancelled']);
    expect((await notificationsOf(byId)).map((n) => n.kind)).toEqual(['rental.cancelled']);
  });

  it('a return tells the renter; a review tells the person reviewed; a message tells its recipient', async () => {
    await publish({ type: 'rental.returned', ...base() });
    expect((await notificationsOf(renter.user.id)).map((n) => [n.kind, n.tab, n.group_key])).toEqual([
      ['rental.returned', 'rentals', `rental:${rental.id}`],
    ]);
    const [review] = await queryRows<{ id: string }>(
      ctx.database.db,
      sql`insert into reviews (rating, reviewer_id, reviewee_id, item_id, rental_id) values (5, ${renter.user.id}, ${owner.user.id}, ${item.id}, ${rental.id}) returning id`,
    );
    await publish({
      type: 'review.published',
      reviewId: review!.id,
      reviewerId: renter.user.id,
      revieweeId: owner.user.id,
      rentalId: rental.id,
    });
    expect((await notificationsOf(owner.user.id)).map((n) => [n.kind, n.title])).toEqual([
      ['review.received', 'New review from Rita Renter'],
    ]);
  });

  it('payouts and a failed capture tell the one person concerned', async () => {
    await publish({ type: 'payout.paid', withdrawalId: 'w1', userId: owner.user.id, amountPence: 1234 });
    await publish({ type: 'payout.failed', withdrawalId: 'w2', userId: owner.user.id, amountPence: 500, reason: 'the bank refused it' });
    await publish({ type: 'payment.capture_failed', paymentId: 'p1', renterId: renter.user.id });
    expect((await notificationsOf(owner.user.id)).map((n) => n.title)).toEqual(['Withdrawal paid: £12.34', 'Withdrawal failed: £5.00']);
    expect((await notificationsOf(renter.user.id)).map((n) => n.kind)).toEqual(['payment.capture_failed']);
  });

  it('ends a reason written by a person or a provider with one full stop, whether it had one or not', async () => {
    await publish({
      type: 'payout.failed',
      withdrawalId: 'w3',
      userId: owner.user.id,
      amountPence: 500,
      reason: 'The account was closed.',
    });
    await publish({ type: 'rental.cancelled', ...base(), by: 'owner', reason: 'Broken blade', refundPence: 0 });
    const [payout] = await notificationsOf(owner.user.id);
    expect(payout!.body).toBe('Your withdrawal of £5.00 could not be paid: The account was closed. See your balance for details.');
    const [cancelled] = await notificationsOf(renter.user.id);
    expect(cancelled!.body).toMatch(/\. Reason: Broken blade\.($| )/);
    expect(cancelled!.body).not.toMatch(/\.\./);
  });
});

describe('/notifications', () => {
  it('lists entries unread first, then by unread count, and opening one reads it', async () => {
    const other = await createItem(ctx.database.db, owner.user.id, { name: 'Ladder' });
    const third = await createItem(ctx.database.db, owner.user.id, { name: 'Mower' });
    const r2 = await createRental(ctx.database.db, other, renter.user.id, 10, 1);
    const r3 = await createRental(ctx.database.db, third, renter.user.id, 12, 1);
    await publish({ type: 'rental.booked', ...base(), paymentId: 'x' });
    await publish({ type: 'rental.cancelled', ...base(), by: 'renter', refundPence: 0 });
    await publish({
      type: 'rental.booked',
      rentalId: r2.id,
      itemId: other.id,
      renterId: renter.user.id,
      ownerId: owner.user.id,
      paymentId: 'x',
    });
    await publish({
      type: 'rental.booked',
      rentalId: r3.id,
      itemId: third.id,
      renterId: renter.user.id,
      ownerId: owner.user.id,
      paymentId: 'x',
    });
    // The mower's entry is read: it goes last although it is the newest.
    const opened = await post(ctx.app, '/api/notifications/open', { tab: 'items', groupKey: `item:${third.id}` }, { cookie: owner.cookie });
    expect(opened.statusCode).toBe(204);
    const items = await list(owner.cookie, 'items');
    expect(items.entries.map((e) => [e.itemName, e.unreadCount])).toEqual([
      ['Drill & "Driver"', 2],
      ['Ladder', 1],
      ['Mower', 0],
    ]);
    expect(items.unread).toEqual({ items: 3, rentals: 0 });
    expect(items.entries[0]!.notifications.map((n) => n.read)).toEqual([false, false]);
    expect(await unread(owner.cookie)).toBe(3);
    expect((await list(renter.cookie, 'items')).entries).toEqual([]);

    expect((await post(ctx.app, '/api/notifications/read-all', {}, { cookie: owner.cookie })).statusCode).toBe(204);
    expect(await unread(owner.cookie)).toBe(0);
    expect((await list(owner.cookie, 'items')).entries.every((e) => e.unreadCount === 0)).toBe(true);
  });

  it('shows a rental entry with its dates, total in pence and status under My Rentals', async () => {
    await publish({ type: 'rental.cancelled', ...base(), by: 'owner', reason: 'Broken', refundPence: 2750 });
    const rentals = await list(renter.cookie, 'rentals');
    expect(rentals.entries).toHaveLength(1);
    expect(rentals.entries[0]).toMatchObject({
      type: 'rental',
      itemName: 'Drill & "Driver"',
      rental: { id: rental.id, totalPence: 2750 },
      unreadCount: 1,
    });
    const id = rentals.entries[0]!.notifications[0]!.id;
    expect((await post(ctx.app, `/api/notifications/${id}/read`, {}, { cookie: owner.cookie })).statusCode).toBe(404);
    expect((await post(ctx.app, `/api/notifications/${id}/read`, {}, { cookie: renter.cookie })).statusCode).toBe(204);
    expect(await unread(renter.cookie)).toBe(0);
  });

  it('needs a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });
});

describe('preferences', () => {
  it('default to all on except marketing and are saved', async () => {
    expect((await get('/api/me/notification-preferences', renter.cookie)).json()).toEqual({
      email: true,
      push: true,
      sms: true,
      newRequests: true,
      statusUpdates: true,
      returnReminders: true,
      marketing: false,
    });
    const prefs = { email: true, push: false, sms: true, newRequests: false, statusUpdates: true, returnReminders: true, marketing: true };
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/notification-preferences',
      payload: prefs,
      headers: { cookie: renter.cookie, origin: 'http://localhost:3000' },
    });
    expect(saved.statusCode).toBe(200);
    expect((await get('/api/me/notification-preferences', renter.cookie)).json()).toEqual(prefs);
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/notification-preferences',
      payload: { email: 'yes' },
      headers: { cookie: renter.cookie, origin: 'http://localhost:3000' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await get('/api/me/notification-preferences', renter.cookie)).json()).toEqual(prefs);
  });

  it('new requests off: the booking email stops, the in-app entry stays', async () => {
    const prefs = { email: true, push: true, sms: true, newRequests: false, statusUpdates: true, returnReminders: true, marketing: false };
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/notification-preferences',
      payload: prefs,
      headers: { cookie: owner.cookie, origin: 'http://localhost:3000' },
    });
    await publish({ type: 'rental.booked', ...base(), paymentId: 'y' });
    expect(await notificationsOf(owner.user.id)).toHaveLength(1);
    expect(mailer.sent.filter((m) => m.to === 'olive@example.com')).toEqual([]);
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/notification-preferences',
      payload: { ...prefs, newRequests: true },
      headers: { cookie: owner.cookie, origin: 'http://localhost:3000' },
    });
  });

  it('texts only a verified phone, and only when SMS is on', async () => {
    const outbox = `${ctx.dataDir}/sms-outbox`;
    await publish({ type: 'rental.cancelled', ...base(), by: 'renter', refundPence: 0 });
    expect(await readSmsOutbox(outbox)).toEqual([]); // no phone yet
    await ctx.database.db.execute(
      sql`update users set phone_country_code = 'GB', phone_number = '7700900123', phone_verified = false where id = ${owner.user.id}`,
    );
    await ctx.database.db.execute(sql`delete from notifications`);
    await publish({ type: 'rental.cancelled', ...base(), by: 'renter', refundPence: 0 });
    expect(await readSmsOutbox(outbox)).toEqual([]); // not verified
    await ctx.database.db.execute(sql`update users set phone_verified = true where id = ${owner.user.id}`);
    await ctx.database.db.execute(sql`delete from notifications`);
    await publish({ type: 'rental.cancelled', ...base(), by: 'renter', refundPence: 0 });
    const texts = await readSmsOutbox(outbox);
    expect(texts.map((t) => t.to)).toEqual(['+447700900123']);
    expect(texts[0]!.text).toContain('Booking cancelled');
  });
});
