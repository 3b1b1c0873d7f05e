import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/database.ts';
import { handoverPhotos, notificationPreferences, rentals } from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createItem, createUser, insertCategories } from '../../test/factories.ts';

let ctx: TestContext;
let clock = new Date('2030-01-01T12:00:00Z');
const mailer = createMemoryMailer();
let renter: { id: string };
let owner: { id: string };

/** Each rental on an item of its own, so their dates never clash. */
async function rental(startDate: string, endDate: string) {
  const item = await createItem(ctx.database.db, owner.id, { name: 'Hedge trimmer' });
  const [row] = await ctx.database.db
    .insert(rentals)
    .values({ itemId: item.id, ownerId: owner.id, renterId: renter.id, startDate, endDate, totalPence: 2000 })
    .returning();
  return row!;
}

async function notices(rentalId: string) {
  return queryRows<{ user_id: string; kind: string; title: string; created_at: string }>(
    ctx.database.db,
    sql`select user_id, kind, title, created_at from notifications where rental_id = ${rentalId} and kind in ('rental.pickup_photos', 'rental.return_photos') order by created_at, kind`,
  );
}
const emailsAbout = (rentalId: string) =>
  mailer.sent.filter((m) => m.text.includes(`/rentals/${rentalId}`) && m.subject.includes('photos'));

async function at(iso: string) {
  clock = new Date(iso);
  await ctx.app.jobs.runDue();
}

beforeAll(async () => {
  ctx = await createTestApp({ now: () => clock, mailer });
  await insertCategories(ctx.database.db);
  renter = await createUser(ctx.database.db, { name: 'Rhea Renter' });
  owner = await createUser(ctx.database.db, { name: 'Otto Owner' });
});
afterAll(async () => ctx?.close());

describe('handover photo reminders', () => {
  it('asks the owner for pick-up photos at 08:00 London on the start day and the renter for return photos on the end day, once each, in-app and by email', async () => {
    const r = await rental('2030-06-10', '2030-06-12');
    await at('2030-06-10T06:59:00Z'); // 07:59 BST
    expect(await notices(r.id)).toEqual([]);
    await at('2030-06-10T07:00:00Z'); // 08:00 BST
    expect((await notices(r.id)).map((n) => [n.user_id, n.kind, n.title])).toEqual([
      [owner.id, 'rental.pickup_photos', 'Take pick-up photos of Hedge trimmer'],
    ]);
    expect(new Date((await notices(r.id))[0]!.created_at).toISOString()).toBe('2030-06-10T07:00:00.000Z');
    expect(emailsAbout(r.id).map((m) => m.subject)).toEqual(['Take pick-up photos of Hedge trimmer']);
    await at('2030-06-10T15:00:00Z');
    await at('2030-06-11T07:00:00Z');
    expect(await notices(r.id)).toHaveLength(1);

    await at('2030-06-12T06:59:00Z');
    expect(await notices(r.id)).toHaveLength(1);
    await at('2030-06-12T07:00:00Z');
    const sent = await notices(r.id);
    expect(sent.map((n) => [n.user_id, n.kind, n.title])).toEqual([
      [owner.id, 'rental.pickup_photos', 'Take pick-up photos of Hedge trimmer'],
      [renter.id, 'rental.return_photos', 'Take return photos of Hedge trimmer'],
    ]);
    expect(emailsAbout(r.id).map((m) => m.subject)).toEqual([
      'Take pick-up photos of Hedge trimmer',
      'Take return photos of Hedge trimmer',
    ]);
    await at('2030-06-12T20:00:00Z');
    await at('2030-06-13T07:00:00Z');
    expect(await notices(r.id)).toHaveLength(2);
  });

  it('follows London in winter (08:00 GMT) and reaches a rental booked after the morning run through its booking', async () => {
    await at('2030-12-02T09:00:00Z'); // the morning run of 2 December is done
    const r = await rental('2030-12-02', '2030-12-04');
    await at('2030-12-02T10:00:00Z');
    expect(await notices(r.id)).toEqual([]);
    await ctx.database.db.transaction((tx) =>
      ctx.app.events.publish(tx, {
        type: 'rental.booked',
        rentalId: r.id,
        itemId: r.itemId,
        renterId: renter.id,
        ownerId: owner.id,
        paymentId: 'p',
      }),
    );
    await ctx.app.jobs.runDue();
    expect((await notices(r.id)).map((n) => n.kind)).toEqual(['rental.pickup_photos']);
    await at('2030-12-04T07:59:00Z');
    expect(await notices(r.id)).toHaveLength(1);
    await at('2030-12-04T08:00:00Z');
    expect((await notices(r.id)).map((n) => n.kind)).toEqual(['rental.pickup_photos', 'rental.return_photos']);
  });

  it('says nothing for a cancelled or returned rental, or a side already photographed', async () => {
    const cancelled = await rental('2031-01-10', '2031-01-11');
    const returned = await rental('2031-01-12', '2031-01-14');
    const photographed = await rental('2031-01-15', '2031-01-16');
    await ctx.database.db
      .update(rentals)
      .set({ cancelledAt: new Date('2031-01-05T10:00:00Z') })
      .where(sql`id = ${cancelled.id}`);
    await ctx.database.db.insert(handoverPhotos).values({
      id: '00000000-0000-4000-8000-000000000001',
      rentalId: photographed.id,
      side: 'pickup',
      addedBy: owner.id,
      largeKey: 'private/handovers/x/1-large.webp',
      thumbKey: 'private/handovers/x/1-thumb.webp',
      width: 10,
      height: 10,
      takenAt: new Date('2031-01-15T06:00:00Z'),
    });
    await at('2031-01-10T08:00:00Z');
    await at('2031-01-11T08:00:00Z');
    await at('2031-01-12T08:00:00Z');
    await ctx.database.db
      .update(rentals)
      .set({ returned: true, returnedAt: new Date('2031-01-13T10:00:00Z') })
      .where(sql`id = ${returned.id}`);
    await at('2031-01-14T08:00:00Z');
    await at('2031-01-15T08:00:00Z');
    expect(await notices(cancelled.id)).toEqual([]);
    expect((await notices(returned.id)).map((n) => n.kind)).toEqual(['rental.pickup_photos']);
    expect(await notices(photographed.id)).toEqual([]);
    await at('2031-01-16T08:00:00Z');
    expect((await notices(photographed.id)).map((n) => n.kind)).toEqual(['rental.return_photos']);
  });

  it('obeys the preferences: return reminders or email off, the in-app entry only', async () => {
    await ctx.database.db.insert(notificationPreferences).values({ userId: owner.id, returnReminders: false });
    await ctx.database.db.insert(notificationPreferences).values({ userId: renter.id, email: false });
    const r = await rental('2031-03-03', '2031-03-04');
    await at('2031-03-03T08:00:00Z');
    await at('2031-03-04T08:00:00Z');
    expect((await notices(r.id)).map((n) => n.kind)).toEqual(['rental.pickup_photos', 'rental.return_photos']);
    expect(emailsAbout(r.id)).toEqual([]);
  });
});
