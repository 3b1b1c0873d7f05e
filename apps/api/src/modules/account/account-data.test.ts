import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, ORIGIN, signIn } from '../../test/auth-helpers.ts';
import { addImage, createItem, createRental, createUser, insertCategories } from '../../test/factories.ts';
import { queryRows, type Db } from '../../db/database.ts';
import { notifications, reviews, users } from '../../db/schema.ts';
import { REMOVED_MESSAGE } from './deleted-member-text.ts';
import { postTransaction } from '../ledger/ledger-repository.ts';

let ctx: TestContext;
let db: Db;
const mailer = createMemoryMailer();
let maya: { cookie: string; user: { id: string } };
let otto: { id: string };
let third: { id: string };
const secrets = {
  name: 'Otto Secretname',
  email: 'otto-secret@example.com',
  phone: '7911123456',
  street: '99 Hidden Lane',
  item: 'Otto private chainsaw',
};
let ottoRentalWithThird = '';
let mayaItemId = '';

const get = (url: string, cookie = maya.cookie) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const deleteAccount = (cookie: string, password: string) =>
  ctx.app.inject({ method: 'DELETE', url: '/api/me', payload: { password }, headers: { cookie, origin: ORIGIN } });
const ledgerSnapshot = () =>
  queryRows<{ n: number; total: number }>(
    db,
    sql`select count(*)::int as n, coalesce(sum(amount_pence), 0)::int as total from ledger_entries`,
  );
const hasMessages = async () => (await queryRows<{ ok: boolean }>(db, sql`select to_regclass('messages') is not null as ok`))[0]!.ok;

beforeAll(async () => {
  ctx = await createTestApp({ mailer });
  db = ctx.database.db;
  await insertCategories(db);
  maya = await createSignedInUser(ctx.app, mailer, 'maya-data@example.com', 'Maya Dataowner');
  await db
    .update(users)
    .set({
      phoneCountryCode: 'GB',
      phoneNumber: '7700900123',
      phoneVerified: true,
      addressLine: '1 Own Street',
      addressCity: 'Leeds',
      addressPostcode: 'LS1 1AA',
    })
    .where(sql`id = ${maya.user.id}`);
  otto = await createUser(db, {
    name: secrets.name,
    email: secrets.email,
    phoneCountryCode: 'GB',
    phoneNumber: secrets.phone,
    addressLine: secrets.street,
    addressCity: 'York',
    addressPostcode: 'YO1 7HH',
  });
  third = await createUser(db, { name: 'Third Party' });

  const mayaItem = await createItem(db, maya.user.id, { name: 'Maya mower' });
  mayaItemId = mayaItem.id;
  await addImage(db, mayaItem.id, 0);
  for (const key of [`items/${mayaItem.id}/0-large.webp`, `items/${mayaItem.id}/0-thumb.webp`]) {
    await mkdir(path.dirname(path.join(ctx.dataDir, 'media', key)), { recursive: true });
    await writeFile(path.join(ctx.dataDir, 'media', key), 'image bytes');
  }
  const ottoItem = await createItem(db, otto.id, { name: secrets.item, address: secrets.street });
  // Maya rented Otto's item (returned), Otto rented Maya's (returned); Otto and a third person have their own rental.
  const mayaRents = await createRental(db, ottoItem, maya.user.id, -10, 2, { returned: true, returnedAt: new Date() });
  await createRental(db, mayaItem, otto.id, -6, 2, { returned: true, returnedAt: new Date() });
  ottoRentalWithThird = (await createRental(db, ottoItem, third.id, 2, 2)).id;

  await db.insert(reviews).values([
    {
      rating: 4.5,
      comment: 'Maya wrote: great saw',
      reviewerId: maya.user.id,
      revieweeId: otto.id,
      itemId: ottoItem.id,
      rentalId: mayaRents.id,
      reviewerRole: 'renter',
    },
    {
      rating: 5,
      comment: 'About Maya: lovely renter',
      reviewerId: otto.id,
      revieweeId: maya.user.id,
      rentalId: mayaRents.id,
      reviewerRole: 'owner',
    },
    {
      rating: 2,
      comment: 'Hidden until both have reviewed',
      reviewerId: third.id,
      revieweeId: maya.user.id,
      reviewerRole: 'owner',
      publishedAt: null,
    },
  ]);
  await db
    .insert(notifications)
    .values({ userId: maya.user.id, kind: 'rental', title: 'Your rental starts soon', body: 'Maya notification body' });
  await db.insert(notifications).values({ userId: otto.id, kind: 'rental', title: 'Otto only', body: 'Otto notification body' });
  await db.transaction((tx) =>
    postTransaction(tx, {
      kind: 'checkout',
      entries: [
        { userId: maya.user.id, account: 'card', amountPence: -2200 },
        { userId: otto.id, account: 'available', amountPence: 2000 },
        { userId: null, account: 'fees', amountPence: 200 },
      ],
    }),
  );
  await db.execute(
    sql`insert into saved_searches (user_id, name, search, unsubscribe_token) values (${maya.user.id}, 'Ladders near Leeds', 'ladder', 'maya-token-for-the-test-0001'), (${otto.id}, 'Otto only', 'saw', 'otto-token-for-the-test-00001')`,
  );
  if (await hasMessages()) {
    const [thread] = await queryRows<{ id: string }>(
      db,
      sql`insert into message_threads (item_id, owner_id, renter_id) values (${ottoItem.id}, ${otto.id}, ${maya.user.id}) returning id`,
    );
    await db.execute(
      sql`insert into messages (thread_id, sender_id, body) values (${thread!.id}, ${maya.user.id}, 'Maya asks about pickup'), (${thread!.id}, ${otto.id}, 'Otto private reply')`,
    );
  }
});
afterAll(async () => ctx?.close());

describe('download my data', () => {
  it("holds the user's own data and another user's nowhere", async () => {
    const res = await get('/api/me/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="toolshed-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = res.json();
    expect(data.profile).toMatchObject({
      name: 'Maya Dataowner',
      email: 'maya-data@example.com',
      phone_number: '7700900123',
      address_line: '1 Own Street',
    });
    expect(data.items.map((i: { name: string }) => i.name)).toEqual(['Maya mower']);
    expect(data.rentalsAsRenter).toHaveLength(1);
    expect(data.bookingsOfMyItems).toHaveLength(1);
    expect(data.reviewsWritten.map((r: { comment: string }) => r.comment)).toEqual(['Maya wrote: great saw']);
    expect(data.reviewsReceived.map((r: { comment: string }) => r.comment)).toEqual(['About Maya: lovely renter']);
    expect(data.notifications.map((n: { body: string }) => n.body)).toEqual(['Maya notification body']);
    expect(data.ledgerEntries.map((e: { amount_pence: number }) => e.amount_pence)).toEqual([-2200]);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.savedSearches.map((s: { name: string }) => s.name)).toEqual(['Ladders near Leeds']);
    if (await hasMessages()) expect(data.messagesSent.map((m: { body: string }) => m.body)).toEqual(['Maya asks about pickup']);

    const text = res.body;
    for (const secret of [
      otto.id,
      third.id,
      secrets.name,
      secrets.email,
      secrets.phone,
      secrets.street,
      ottoRentalWithThird,
      'Otto notification body',
      'Otto private reply',
      'Hidden until both have reviewed',
      'Third Party',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
  });

  it('needs a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me/export' })).statusCode).toBe(401);
  });
});

describe('delete my account', () => {
  it('asks for the right password', async () => {
    expect((await deleteAccount(maya.cookie, '')).json().error).toMatchObject({
      field: 'password',
      message: 'Please enter your password.',
    });
    expect((await deleteAccount(maya.cookie, 'not my password')).json().error.message).toBe('That password is not right.');
    expect((await get('/api/me')).statusCode).toBe(200);
  });

  it('is refused while rentals are upcoming or active, as renter or owner', async () => {
    const renter = await createSignedInUser(ctx.app, mailer, 'busy-renter@example.com', 'Busy Renter');
    const owner = await createSignedInUser(ctx.app, mailer, 'busy-owner@example.com', 'Busy Owner');
    const ownerItem = await createItem(db, owner.user.id, { name: 'Busy drill' });
    await createRental(db, ownerItem, renter.user.id, 3, 2);
    for (const who of [renter, owner]) {
      const res = await deleteAccount(who.cookie, 'a sturdy wheelbarrow');
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toMatch(/^You have 1 upcoming or active rental/);
      expect((await get('/api/me/deletion', who.cookie)).json().blocker).toMatch(/upcoming or active rental/);
    }
  });

  it('is refused while the balance is not zero', async () => {
    const rich = await createSignedInUser(ctx.app, mailer, 'rich@example.com', 'Rich Lender');
    await db.transaction((tx) =>
      postTransaction(tx, {
        kind: 'test_credit',
        entries: [
          { userId: rich.user.id, account: 'available', amountPence: 500 },
          { userId: rich.user.id, account: 'card', amountPence: -500 },
        ],
      }),
    );
    const res = await deleteAccount(rich.cookie, 'a sturdy wheelbarrow');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Your balance is £5.00. Please withdraw it before deleting your account.');
  });

  it("removes personal data, photos and sessions, and keeps others' rentals, reviews and the ledger", async () => {
    const before = await ledgerSnapshot();
    const rentalsBefore = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from rentals`);
    const reviewsBefore = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from reviews`);

    const res = await deleteAccount(maya.cookie, 'a sturdy wheelbarrow');
    expect(res.statusCode).toBe(204);

    expect((await get('/api/me')).statusCode).toBe(401);
    expect((await signIn(ctx.app, 'maya-data@example.com')).statusCode).toBe(401);
    const [row] = await queryRows<Record<string, unknown>>(db, sql`select * from users where id = ${maya.user.id}`);
    expect(row).toMatchObject({ name: 'Deleted user', phone_number: null, address_line: null, picture: null });
    expect(String(row!.email)).toMatch(/@deleted\.invalid$/);
    expect(row!.deleted_at).not.toBeNull();
    expect(await queryRows(db, sql`select 1 from sessions where user_id = ${maya.user.id}`)).toEqual([]);
    expect(await queryRows(db, sql`select 1 from notifications where user_id = ${maya.user.id}`)).toEqual([]);
    expect(await queryRows(db, sql`select 1 from saved_searches where user_id = ${maya.user.id}`)).toEqual([]);
    expect(await queryRows(db, sql`select name from saved_searches`)).toEqual([{ name: 'Otto only' }]);
    // Otto keeps the conversation and his own words; Maya's words are gone.
    const bodies = await queryRows<{ sender_id: string; body: string }>(db, sql`select sender_id, body from messages order by seq`);
    expect(bodies).toEqual([
      { sender_id: maya.user.id, body: REMOVED_MESSAGE },
      { sender_id: otto.id, body: 'Otto private reply' },
    ]);
    // Her photos leave the media store by a job queued with the deletion.
    expect(existsSync(path.join(ctx.dataDir, 'media', `items/${mayaItemId}/0-large.webp`))).toBe(true);
    await ctx.app.jobs.runDue();
    expect(existsSync(path.join(ctx.dataDir, 'media', `items/${mayaItemId}/0-large.webp`))).toBe(false);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/items/${mayaItemId}` })).statusCode).toBe(404);

    expect(await ledgerSnapshot()).toEqual(before);
    expect(await queryRows(db, sql`select count(*)::int as n from rentals`)).toEqual(rentalsBefore);
    expect(await queryRows(db, sql`select count(*)::int as n from reviews`)).toEqual(reviewsBefore);
    // Otto's page still shows Maya's rating, from a 'Deleted user', without her words.
    const ottoPage = (await ctx.app.inject({ method: 'GET', url: `/api/owners/${otto.id}` })).json();
    const fromMaya = ottoPage.reviews.filter((r: { reviewerName: string }) => r.reviewerName === 'Deleted user');
    expect(fromMaya.map((r: { rating: number; comment: string }) => [r.rating, r.comment])).toEqual([[4.5, '']]);
    // The email is free again.
    expect((await createSignedInUser(ctx.app, mailer, 'maya-data@example.com', 'Maya Again')).user.id).not.toBe(maya.user.id);
  });
});
