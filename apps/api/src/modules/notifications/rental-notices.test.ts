import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { queryRows } from '../../db/database.ts';
import { notificationPreferences } from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createItem, createUser, insertCategories } from '../../test/factories.ts';
import { rentals } from '../../db/schema.ts';

let ctx: TestContext;
let clock = new Date('2026-01-01T12:00:00Z');
const mailer = createMemoryMailer();
let renter: { id: string; email: string };
let owner: { id: string; email: string };
let item: { id: string; ownerId: string };

async function rental(startDate: string, endDate: string) {
  const [row] = await ctx.database.db
    .insert(rentals)
    .values({ itemId: item.id, ownerId: owner.id, renterId: renter.id, startDate, endDate, totalPence: 2000 })
    .returning();
  return row!;
}

async function notices(rentalId: string) {
  return queryRows<{ user_id: string; kind: string; created_at: string }>(
    ctx.database.db,
    sql`select user_id, kind, created_at from notifications where rental_id = ${rentalId} and kind in ('rental.return_reminder', 'rental.overdue') order by created_at, user_id`,
  );
}

const emailsAbout = (rentalId: string) => mailer.sent.filter((m) => m.text.includes(`/rentals/${rentalId}`));

async function at(iso: string) {
  clock = new Date(iso);
  await ctx.app.jobs.runDue();
}

beforeAll(async () => {
  ctx = await createTestApp({ now: () => clock, mailer });
  await insertCategories(ctx.database.db);
  renter = await createUser(ctx.database.db, { name: 'Rhea Renter' });
  owner = await createUser(ctx.database.db, { name: 'Otto Owner' });
  item = await createItem(ctx.database.db, owner.id, { name: 'Pressure washer' });
});
afterAll(async () => ctx?.close());

describe('return reminders and overdue notices', () => {
  it('reminds the renter once at 08:00 London the day before the end, in summer time (the day the clocks went forward)', async () => {
    const r = await rental('2026-03-27', '2026-03-30');
    await at('2026-03-29T06:59:00Z'); // 07:59 BST
    expect(await notices(r.id)).toEqual([]);
    await at('2026-03-29T07:00:00Z'); // 08:00 BST
    const sent = await notices(r.id);
    expect(sent.map((n) => [n.user_id, n.kind])).toEqual([[renter.id, 'rental.return_reminder']]);
    expect(new Date(sent[0]!.created_at).toISOString()).toBe('2026-03-29T07:00:00.000Z');
    expect(emailsAbout(r.id).map((m) => m.subject)).toEqual(['Return reminder: Pressure washer']);
    await at('2026-03-29T15:00:00Z');
    expect(await notices(r.id)).toHaveLength(1);

    // The morning after the end date, still not returned: one notice to each of them.
    await at('2026-03-31T06:59:00Z');
    expect(await notices(r.id)).toHaveLength(1);
    await at('2026-03-31T07:00:00Z');
    const overdue = (await notices(r.id)).filter((n) => n.kind === 'rental.overdue');
    expect(overdue.map((n) => n.user_id).sort()).toEqual([owner.id, renter.id].sort());
    await at('2026-04-01T07:00:00Z');
    expect(await notices(r.id)).toHaveLength(3);
  });

  it('follows London in winter: 08:00 GMT, not an hour early (the day the clocks went back)', async () => {
    const r = await rental('2026-10-24', '2026-10-26');
    await at('2026-10-25T07:30:00Z'); // 07:30 GMT (it would be 08:30 in summer time)
    expect(await notices(r.id)).toEqual([]);
    await at('2026-10-25T08:00:00Z');
    expect((await notices(r.id)).map((n) => n.kind)).toEqual(['rental.return_reminder']);
  });

  it('catches a rental booked after the morning run, through its booking', async () => {
    await at('2026-06-10T09:00:00Z'); // the morning run of 10 June is done
    const r = await rental('2026-06-10', '2026-06-11');
    await at('2026-06-10T13:00:00Z');
    expect(await notices(r.id)).toEqual([]); // the morning run did not see it
    await ctx.database.db.transaction((tx) =>
      ctx.app.events.publish(tx, {
        type: 'rental.booked',
        rentalId: r.id,
        itemId: item.id,
        renterId: renter.id,
        ownerId: owner.id,
        paymentId: 'p',
      }),
    );
    await ctx.app.jobs.runDue();
    expect((await notices(r.id)).map((n) => n.kind)).toEqual(['rental.return_reminder']);
  });

  it('sends nothing for a returned or cancelled rental', async () => {
    const returned = await rental('2026-07-01', '2026-07-03');
    const cancelled = await rental('2026-07-05', '2026-07-07');
    await ctx.database.db
      .update(rentals)
      .set({ returned: true })
      .where(sql`id = ${returned.id}`);
    await ctx.database.db
      .update(rentals)
      .set({ cancelledAt: new Date('2026-06-30T10:00:00Z') })
      .where(sql`id = ${cancelled.id}`);
    await at('2026-07-02T07:00:00Z');
    await at('2026-07-04T07:00:00Z');
    await at('2026-07-06T07:00:00Z');
    await at('2026-07-08T07:00:00Z');
    expect(await notices(returned.id)).toEqual([]);
    expect(await notices(cancelled.id)).toEqual([]);
  });

  it('return reminders off (or email off): no email, but the in-app entry stays', async () => {
    await ctx.database.db.insert(notificationPreferences).values({ userId: renter.id, returnReminders: false });
    const r = await rental('2026-08-01', '2026-08-05');
    await at('2026-08-04T07:00:00Z');
    expect((await notices(r.id)).map((n) => n.kind)).toEqual(['rental.return_reminder']);
    expect(emailsAbout(r.id)).toEqual([]);

    await ctx.database.db
      .update(notificationPreferences)
      .set({ returnReminders: true, email: false })
      .where(sql`user_id = ${renter.id}`);
    const r2 = await rental('2026-08-10', '2026-08-12');
    await at('2026-08-11T07:00:00Z');
    expect((await notices(r2.id)).map((n) => n.kind)).toEqual(['rental.return_reminder']);
    expect(emailsAbout(r2.id)).toEqual([]);
    await ctx.database.db
      .update(notificationPreferences)
      .set({ email: true })
      .where(sql`user_id = ${renter.id}`);
  });

  it('a restart (a new app on the same database) sends nothing twice, and still sends what was due', async () => {
    const done = await rental('2026-09-01', '2026-09-03');
    const pending = await rental('2026-09-05', '2026-09-08');
    await at('2026-09-02T07:00:00Z');
    expect(await notices(done.id)).toHaveLength(1);
    await ctx.app.close(); // the process stops

    const dataDir = ctx.dataDir;
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      APP_URL: 'http://localhost:3000',
      MAIL_OUTBOX: 'true',
    });
    const restarted = await buildApp({
      config,
      database: ctx.database,
      authSecret: 'test-secret-that-is-long-enough-for-signing-0123456789',
      now: () => clock,
      mailer,
    });
    await restarted.ready();
    ctx.app = restarted;
    const emailsBefore = mailer.sent.length;
    await at('2026-09-02T07:00:00Z');
    await at('2026-09-02T09:00:00Z');
    expect(await notices(done.id)).toHaveLength(1);
    expect(mailer.sent.length).toBe(emailsBefore);
    await at('2026-09-07T07:00:00Z');
    expect((await notices(pending.id)).map((n) => n.kind)).toEqual(['rental.return_reminder']);
    await at('2026-09-07T08:00:00Z');
    expect(await notices(pending.id)).toHaveLength(1);
  });
});
