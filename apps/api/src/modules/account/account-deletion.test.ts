import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInLondon } from '@toolshed/core';
import type { Order } from '@toolshed/core/contract';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, ORIGIN, post, signIn } from '../../test/auth-helpers.ts';
import { createItem, createRental, insertCategories } from '../../test/factories.ts';
import { queryRows, type Db } from '../../db/database.ts';
import { calendarSources, users } from '../../db/schema.ts';
import { rentalKit } from '../rentals/rental-test-kit.ts';
import { DELETED_ITEM_NAME, DELETED_USER_NAME, REMOVED_MESSAGE, REMOVED_TEXT } from './deleted-member-text.ts';

/**
 * A member who leaves one marker word in every kind of place their words and files reach (their
 * name, email, phone and address, messages, handover notes and photos, a review, an item's name,
 * description, address and photo, a claim's report and answer and their photos, a cancellation
 * reason, a support request, a calendar address, a password-reset email still on the queue, copies
 * in the other party's notifications) deletes their account: afterwards no marker is anywhere in a
 * data-only dump of the database, and none of their files is left in the media store once the
 * queued removal has run. The other party's records stay, with their amounts, dates and words.
 */

let ctx: TestContext;
let db: Db;
const mailer = createMemoryMailer();
const kit = rentalKit(() => ctx);
type Person = { cookie: string; user: { id: string } };
let maya: Person;
let otto: Person;

const MARKERS = {
  name: 'Zqxname',
  email: 'zqxemail',
  phone: '7700900817',
  address: 'Zqxstreet',
  profilePicture: '', // a file: checked in the media store
  message: 'zqxmessage',
  replyAboutOwnItem: 'zqxownitemreply',
  pickupNote: 'zqxpickupnote',
  returnNote: 'zqxreturnnote',
  review: 'zqxreview',
  itemName: 'Zqxitemname',
  itemDescription: 'zqxitemdescription',
  itemAddress: 'Zqxitemaddress',
  itemCity: 'Zqxitemcity',
  claimReport: 'zqxclaimreport',
  claimAnswer: 'zqxclaimanswer',
  cancelReason: 'zqxcancelreason',
  support: 'zqxsupport',
  calendar: 'zqxcalendar',
  report: 'zqxreport',
  wanted: 'zqxwanted',
} as const;
const words = Object.entries(MARKERS).filter(([, marker]) => marker !== '');

const BOUNDARY = '----deletion-test';
function multipart(file: Buffer) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  return Buffer.concat([head, file, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
}
const photo = (background: string) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background } })
    .jpeg()
    .toBuffer();
async function upload(url: string, who: Person, background: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url,
    payload: multipart(await photo(background)),
    headers: { origin: ORIGIN, cookie: who.cookie, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });
  expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
  return res;
}
async function send(method: 'POST' | 'PUT', url: string, who: Person, payload: object) {
  const res = await kit.send(method, url, who.cookie, payload);
  expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
  return res;
}

/** Every row of every table of the test's schema as JSON text, by table: what a data-only dump holds. */
async function dump(): Promise<Map<string, string>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  expect(tables.length).toBeGreaterThan(20);
  const byTable = new Map<string, string>();
  for (const { name } of tables) {
    const [row] = await queryRows<{ rows: string }>(
      db,
      sql`select coalesce(json_agg(row_to_json(t)), '[]'::json)::text as rows from ${sql.identifier(name)} t`,
    );
    byTable.set(name, row!.rows.toLowerCase());
  }
  return byTable;
}

/** Each marker's kind and the tables whose rows hold it (case aside: the search dictionary is lower-cased). */
function markersIn(byTable: Map<string, string>): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const [kind, marker] of words) {
    const tables = [...byTable].filter(([, rows]) => rows.includes(marker.toLowerCase())).map(([name]) => name);
    if (tables.length > 0) found[kind] = tables;
  }
  return found;
}

const mediaFile = (key: string) => path.join(ctx.dataDir, 'media', key);
async function mediaFiles(): Promise<string[]> {
  const found = await readdir(path.join(ctx.dataDir, 'media'), { recursive: true, withFileTypes: true }).catch(() => []);
  return found.filter((f) => f.isFile()).map((f) => path.relative(path.join(ctx.dataDir, 'media'), path.join(f.parentPath, f.name)));
}

/** The storage keys of the member's files, as the database names them. */
async function filesOf(userId: string): Promise<string[]> {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`select picture_key as key from users where id = ${userId} and picture_key is not null
        union all select unnest(array[im.large_key, im.thumb_key]) from item_images im join items i on i.id = im.item_id where i.owner_id = ${userId}
        union all select unnest(array[large_key, thumb_key]) from handover_photos where added_by = ${userId}
        union all select unnest(array[large_key, thumb_key]) from claim_photos where added_by = ${userId}`,
  );
  return rows.map((r) => r.key);
}

let mayaItem: { id: string; ownerId: string };
let ottoItem: { id: string; ownerId: string };
let lentToOtto = '';
let rentedByMaya = '';
let ottosOwnFiles: string[] = [];

beforeAll(async () => {
  ctx = await createTestApp({ mailer });
  db = ctx.database.db;
  await insertCategories(db);
  maya = await createSignedInUser(ctx.app, mailer, `${MARKERS.email}@example.com`, `Maya ${MARKERS.name}`);
  otto = await createSignedInUser(ctx.app, mailer, 'otto-keeps@example.com', 'Otto Keeper');
  await db.execute(sql`update sessions set expires_at = now() + interval '10 years'`);
  await db
    .update(users)
    .set({ phoneCountryCode: 'GB', phoneNumber: MARKERS.phone })
    .where(sql`id = ${maya.user.id}`);
  await send('PUT', '/api/me/address', maya, { line: `5 ${MARKERS.address} Road`, city: 'Leeds', postcode: 'LS1 4AP' });
  await kit.saveAddress(otto.cookie);
  const today = todayInLondon();

  // Maya's profile picture, her item (listed, so its words are in the search dictionary) and its photo.
  await upload('/api/me/picture', maya, '#aa3344');
  mayaItem = await createItem(db, maya.user.id, {
    name: `${MARKERS.itemName} mitre saw`,
    description: `Sliding mitre saw, ${MARKERS.itemDescription} blade.`,
    address: `9 ${MARKERS.itemAddress} Way`,
    city: MARKERS.itemCity,
    postcode: 'LS2 7EE',
  });
  await upload(`/api/items/${mayaItem.id}/images`, maya, '#336699');
  ottoItem = await createItem(db, otto.user.id, { name: 'Otto ladder', description: 'A tall ladder.' });

  // Otto rents Maya's saw (yesterday to tomorrow): her pick-up note and photo, his return photo; she marks it returned.
  lentToOtto = (await createRental(db, mayaItem, otto.user.id, -1, 3)).id;
  await send('PUT', `/api/rentals/${lentToOtto}/handover/pickup/note`, maya, { note: `Blade sharp, ${MARKERS.pickupNote}.` });
  await upload(`/api/rentals/${lentToOtto}/handover/pickup/photos`, maya, '#225511');
  await send('POST', `/api/rentals/${lentToOtto}/return`, maya, {});
  await upload(`/api/rentals/${lentToOtto}/handover/return/photos`, otto, '#775500');
  // Otto reports it not as described; Maya disputes it, with a photo.
  const ottoClaim = (
    await send('POST', `/api/rentals/${lentToOtto}/claims`, otto, { kind: 'not_as_described', amountPence: 500, note: 'Blunt blade.' })
  ).json();
  const claimId = ottoClaim.claims[0].id as string;
  await send('POST', `/api/claims/${claimId}/dispute`, maya, { reply: `It was sharp, ${MARKERS.claimAnswer}.` });
  await upload(`/api/claims/${claimId}/photos`, maya, '#551177');
  // Both review: published at once, each told of the other's.
  await send('POST', `/api/rentals/${lentToOtto}/review`, maya, { rating: 4, comment: `Careful renter, ${MARKERS.review}.` });
  await send('POST', `/api/rentals/${lentToOtto}/review`, otto, { rating: 3.5, comment: 'Saw was fine in the end.' });

  // Maya rents Otto's ladder from today through checkout: her return note and photo, her claim with a photo; he marks it returned.
  const booked = await kit.book(maya.cookie, [{ itemId: ottoItem.id, startDate: today, endDate: addDays(today, 1) }]);
  expect(booked.statusCode, booked.body).toBe(201);
  rentedByMaya = ((await kit.send('GET', `/api/orders/${booked.json().orderId}`, maya.cookie)).json() as Order).rentals[0]!.id;
  await send('PUT', `/api/rentals/${rentedByMaya}/handover/return/note`, maya, { note: `Back in the shed, ${MARKERS.returnNote}.` });
  await upload(`/api/rentals/${rentedByMaya}/handover/return/photos`, maya, '#114477');
  const mayaClaim = (
    await send('POST', `/api/rentals/${rentedByMaya}/claims`, maya, {
      kind: 'not_as_described',
      amountPence: 300,
      note: `Rungs bent, ${MARKERS.claimReport}.`,
    })
  ).json();
  await upload(`/api/claims/${mayaClaim.claims[0].id}/photos`, maya, '#994422');
  await send('POST', `/api/rentals/${rentedByMaya}/return`, otto, {});

  // Otto books Maya's saw later on through checkout (his receipt names it); Maya declines it with a reason.
  const later = await kit.book(otto.cookie, [{ itemId: mayaItem.id, startDate: addDays(today, 10), endDate: addDays(today, 11) }]);
  expect(later.statusCode, later.body).toBe(201);
  await ctx.app.jobs.runDue();
  const declined = ((await kit.send('GET', `/api/orders/${later.json().orderId}`, otto.cookie)).json() as Order).rentals[0]!.id;
  await send('POST', `/api/rentals/${declined}/cancel`, maya, { reason: `Blade at the grinder, ${MARKERS.cancelReason}.` });

  // Conversations both ways: about Otto's ladder, and about Maya's saw (answered by her).
  await send('POST', `/api/items/${ottoItem.id}/messages`, maya, { content: `Is it tall enough? ${MARKERS.message}` });
  await send('POST', `/api/items/${ottoItem.id}/messages`, otto, { content: 'Yes, four metres.', with: maya.user.id });
  await send('POST', `/api/items/${mayaItem.id}/messages`, otto, { content: 'Is the saw free next month?' });
  await send('POST', `/api/items/${mayaItem.id}/messages`, maya, { content: `It is, ${MARKERS.replyAboutOwnItem}.`, with: otto.user.id });

  // Her report of Otto, in her words; his of her saw, which keeps the listing as it was; her block of him.
  await send('POST', '/api/reports', maya, { kind: 'member', id: otto.user.id, reason: 'other', details: `Rude, ${MARKERS.report}.` });
  await send('POST', '/api/reports', otto, { kind: 'item', id: mayaItem.id, reason: 'misleading' });
  await send('POST', `/api/me/blocks/${otto.user.id}`, maya, {});

  // The rest of what holds her words: the help form, an owner's other calendar, a forgotten
  // password (its email still on the queue's record) and a mistyped one.
  await send('POST', '/api/support-requests', maya, {
    name: `Maya ${MARKERS.name}`,
    email: `${MARKERS.email}@example.com`,
    subject: 'A question',
    message: `How do deposits work? ${MARKERS.support}`,
  });
  await db.insert(calendarSources).values({ ownerId: maya.user.id, url: `https://calendar.example.com/${MARKERS.calendar}.ics` });
  // A wanted post (owners near are told of it in their notices) with details of her own.
  await send('POST', '/api/wanted', maya, {
    title: `Ladder ${MARKERS.wanted}`,
    details: `For the gutters, ${MARKERS.wanted}.`,
    categoryId: 'all',
    near: 'Leeds',
    radius: '50',
    startDate: addDays(today, 2),
    endDate: addDays(today, 3),
  });
  await post(ctx.app, '/api/auth/request-password-reset', { email: `${MARKERS.email}@example.com`, redirectTo: '/reset-password' });
  expect((await signIn(ctx.app, `${MARKERS.email}@example.com`, 'not the password')).statusCode).toBe(401);
  await ctx.app.jobs.runDue();

  ottosOwnFiles = await filesOf(otto.user.id);
});
afterAll(async () => ctx?.close());

describe('deleting an account deletes what the member wrote and stored', () => {
  it('lists each of those places in their download first, their cancellation reasons included', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/me/export', headers: { cookie: maya.cookie } });
    expect(res.statusCode).toBe(200);
    const data = res.json();
    const reasons = data.bookingsOfMyItems.map((r: { cancelled_by: string | null; my_cancel_reason: string | null }) => [
      r.cancelled_by,
      r.my_cancel_reason,
    ]);
    expect(reasons).toContainEqual(['owner', `Blade at the grinder, ${MARKERS.cancelReason}.`]);
    const text = res.body.toLowerCase();
    for (const [kind, marker] of words) expect(text, kind).toContain(marker.toLowerCase());
  });

  it('leaves no marker of theirs anywhere in a data-only dump, and none of their files in the media store once the job has run', async () => {
    // The setup put every marker in the database.
    expect(Object.keys(markersIn(await dump()))).toEqual(words.map(([kind]) => kind));
    const theirFiles = await filesOf(maya.user.id);
    // The picture, the item's two sizes, two handover photos and two claim photos, two sizes each.
    expect(theirFiles).toHaveLength(1 + 2 + 2 * 2 + 2 * 2);
    for (const key of theirFiles) expect(existsSync(mediaFile(key)), key).toBe(true);
    expect(ottosOwnFiles).toHaveLength(2);
    const ledgerBefore = await queryRows(db, sql`select count(*)::int as n, sum(amount_pence)::int as total from ledger_entries`);

    const res = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/me',
      payload: { password: 'a sturdy wheelbarrow' },
      headers: { cookie: maya.cookie, origin: ORIGIN },
    });
    expect(res.statusCode, res.body).toBe(204);

    expect(markersIn(await dump())).toEqual({});

    // The files are removed by the queued job, after the commit.
    await ctx.app.jobs.runDue();
    const left = await mediaFiles();
    for (const key of theirFiles) expect(left, key).not.toContain(key);
    for (const key of ottosOwnFiles) expect(left, key).toContain(key);

    // What Otto keeps: the money as it was, his rentals and ratings, his own words, and notices
    // that now name a 'Deleted user' and a 'Deleted item'.
    expect(await queryRows(db, sql`select count(*)::int as n, sum(amount_pence)::int as total from ledger_entries`)).toEqual(ledgerBefore);
    const ottosRentals = await queryRows<{ id: string; total_pence: number; item: string }>(
      db,
      sql`select r.id, r.total_pence, i.name as item from rentals r join items i on i.id = r.item_id where r.renter_id = ${otto.user.id} order by r.start_date`,
    );
    expect(ottosRentals.map((r) => r.item)).toEqual([DELETED_ITEM_NAME, DELETED_ITEM_NAME]);
    expect(ottosRentals[0]!.total_pence).toBe(3000);
    const reviews = await queryRows<{ reviewer_id: string; rating: number; comment: string }>(
      db,
      sql`select reviewer_id, rating::float8 as rating, comment from reviews where rental_id = ${lentToOtto} order by rating`,
    );
    expect(reviews).toEqual([
      { reviewer_id: otto.user.id, rating: 3.5, comment: 'Saw was fine in the end.' },
      { reviewer_id: maya.user.id, rating: 4, comment: '' },
    ]);
    const claims = await queryRows<{ note: string; reply: string | null; amount_pence: number }>(
      db,
      sql`select note, reply, amount_pence from rental_claims order by amount_pence`,
    );
    expect(claims).toEqual([
      { note: REMOVED_TEXT, reply: null, amount_pence: 300 },
      { note: 'Blunt blade.', reply: REMOVED_TEXT, amount_pence: 500 },
    ]);
    const thread = await queryRows<{ body: string }>(
      db,
      sql`select m.body from messages m join message_threads t on t.id = m.thread_id where t.item_id = ${ottoItem.id} order by m.seq`,
    );
    expect(thread.map((m) => m.body)).toEqual([REMOVED_MESSAGE, 'Yes, four metres.']);

    const notices = await queryRows<{ kind: string; title: string; body: string }>(
      db,
      sql`select kind, title, body from notifications where user_id = ${otto.user.id} order by created_at, kind`,
    );
    const text = notices.map((n) => `${n.title} | ${n.body}`);
    expect(notices.map((n) => n.kind)).toEqual(
      expect.arrayContaining([
        'rental.booked',
        'rental.returned',
        'rental.claim',
        'review.received',
        'rental.cancelled',
        'message.received',
        'order.paid',
      ]),
    );
    expect(text).toContainEqual(expect.stringContaining(`New review from ${DELETED_USER_NAME}`));
    expect(text).toContainEqual(expect.stringContaining(`${DELETED_USER_NAME} booked your Otto ladder`));
    expect(text).toContainEqual(
      expect.stringContaining(`Returned: ${DELETED_ITEM_NAME} | ${DELETED_USER_NAME} marked ${DELETED_ITEM_NAME} as returned.`),
    );
    expect(text).toContainEqual(expect.stringContaining(`Reason: ${REMOVED_TEXT}`));
    expect(text).toContainEqual(expect.stringContaining(`"${REMOVED_TEXT}". If you do not agree`));
    expect(text).toContainEqual(`New message from ${DELETED_USER_NAME} about Otto ladder | ${DELETED_USER_NAME}: ${REMOVED_MESSAGE}`);
    expect(text).toContainEqual(expect.stringContaining(`for ${DELETED_ITEM_NAME}. We have emailed you the receipt`));
  });
});
