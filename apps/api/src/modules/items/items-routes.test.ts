import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemDetail, OwnerItem } from '@toolshed/core/contract';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, ORIGIN } from '../../test/auth-helpers.ts';
import { createItem, createRental, createUser, insertCategories } from '../../test/factories.ts';
import { queryRows } from '../../db/database.ts';
import { balances, postTransaction } from '../ledger/ledger-repository.ts';

let ctx: TestContext;
const mailer = createMemoryMailer();
let owner: { cookie: string; user: { id: string } };
let other: { cookie: string; user: { id: string } };

const valid = {
  name: 'Hedge Trimmer',
  description: 'Cordless, 50 cm blade, two batteries.',
  dailyRatePence: 1200,
  categoryId: 'garden-tools',
  minDays: 1,
  maxDays: 7,
  address: '12 Elm Road',
  city: 'Leeds',
  postcode: 'LS6 2AB',
  available: true,
};

function send(method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, cookie?: string, payload?: object) {
  return ctx.app.inject({ method, url, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) }, ...(payload ? { payload } : {}) });
}

function multipart(file: Buffer, filename: string, contentType: string) {
  const boundary = '----toolshedtest';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, file, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(itemId: string, file: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg', cookie = owner.cookie) {
  const body = multipart(file, filename, contentType);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/items/${itemId}/images`,
    payload: body.payload,
    headers: { ...body.headers, cookie, origin: ORIGIN },
  });
}

/** A real JPEG carrying camera GPS metadata. */
async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a7d44' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '53/1 48/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '1/1 33/1 0/1' },
    })
    .toBuffer();
}

beforeAll(async () => {
  ctx = await createTestApp({ mailer });
  await insertCategories(ctx.database.db);
  owner = await createSignedInUser(ctx.app, mailer, 'lister@example.com', 'Lena Lister');
  other = await createSignedInUser(ctx.app, mailer, 'other@example.com', 'Otto Other');
});
afterAll(async () => ctx?.close());

describe('listing an item', () => {
  let itemId: string;

  it('creates it with an approximate location from the offline geocoder', async () => {
    const res = await send('POST', '/api/items', owner.cookie, valid);
    expect(res.statusCode).toBe(201);
    const item = res.json() as ItemDetail;
    itemId = item.id;
    expect(item).toMatchObject({ name: 'Hedge Trimmer', dailyRatePence: 1200, owner: { id: owner.user.id } });
    expect(item.location).toMatchObject({ address: '12 Elm Road', city: 'Leeds', postcode: 'LS6 2AB', approximate: true });
    expect(item.location.latitude).toBeCloseTo(53.8, 1);
    const browse = await send('GET', '/api/categories/garden-tools/items?search=hedge');
    expect(browse.json().items.map((i: { id: string }) => i.id)).toContain(itemId);
  });

  // Until migration 0057 the browse indexes carried name and description as one column, and a btree
  // entry holds at most 2,704 bytes: 2,000 characters of three bytes each could not be saved (500).
  it('saves, finds and edits an item whose 2,000-character description takes 5,000 bytes and more', async () => {
    // Letters that do not repeat in a pattern: an entry's values are compressed before its size is checked.
    let seed = 7;
    const letters = Array.from({ length: 2000 }, (_, at) => {
      seed = (seed * 48271) % 2147483647;
      return at % 9 === 8 ? ' ' : String.fromCodePoint(0x4e00 + (seed % 20000));
    });
    const description = letters.join('');
    expect(Buffer.byteLength(description)).toBeGreaterThan(2704);
    const res = await send('POST', '/api/items', owner.cookie, { ...valid, name: 'Greek Drill', description });
    expect(res.statusCode).toBe(201);
    const id = (res.json() as ItemDetail).id;
    const edited = await send('PUT', `/api/items/${id}`, owner.cookie, {
      ...valid,
      name: 'Greek Drill',
      description: `${description.slice(0, 1992)} τρυπάνι`,
    });
    expect(edited.statusCode).toBe(200);
    const browse = await send('GET', '/api/categories/all/items?search=greek+drill');
    expect(browse.json().items.map((i: { id: string }) => i.id)).toContain(id);
    const pages = await send('GET', '/api/categories/garden-tools/items');
    expect(pages.json().items.map((i: { id: string }) => i.id)).toContain(id);
  });

  it.each([
    ['blank name', { name: ' ' }, 'name', 'Please enter a name'],
    ['negative rate', { dailyRatePence: -1 }, 'dailyRatePence', 'The daily rate cannot be negative'],
    ['fractional pence', { dailyRatePence: 10.5 }, 'dailyRatePence', 'The daily rate can have at most two decimal places'],
    ['min days 0', { minDays: 0 }, 'minDays', 'Minimum days must be at least 1'],
    ['max below min', { minDays: 5, maxDays: 3 }, 'maxDays', 'Maximum days must be at least the minimum days'],
    ['unknown category', { categoryId: 'spaceships' }, 'categoryId', 'Please choose a category'],
    ['missing city', { city: '' }, 'address', 'Please fill in all location fields (address, city, and postcode)'],
    ['bad postcode', { postcode: 'NOPE' }, 'postcode', 'Please enter a valid UK postcode'],
    ['unknown postcode area', { postcode: 'QQ1 1AA' }, 'postcode', 'Please enter a valid UK postcode'],
  ])('refuses a %s with its message and saves nothing', async (_label, change, field, message) => {
    const before = await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from items`);
    const res = await send('POST', '/api/items', owner.cookie, { ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ field, message });
    const after = await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from items`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('lets the owner edit it; another user or a visitor gets 404 and nothing changes', async () => {
    const edited = await send('PUT', `/api/items/${itemId}`, owner.cookie, { ...valid, dailyRatePence: 1500 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().dailyRatePence).toBe(1500);
    const stranger = await send('PUT', `/api/items/${itemId}`, other.cookie, { ...valid, dailyRatePence: 1 });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.message).toBe('Item not found');
    const visitor = await send('PUT', `/api/items/${itemId}`, undefined, { ...valid, dailyRatePence: 1 });
    expect(visitor.statusCode).toBe(401);
    expect((await send('DELETE', `/api/items/${itemId}`, other.cookie)).statusCode).toBe(404);
    expect((await send('GET', `/api/items/${itemId}`)).json().dailyRatePence).toBe(1500);
  });

  it('accepts real photos, strips their GPS metadata and refuses what is not an image', async () => {
    const ok = await upload(itemId, await jpegWithGps());
    expect(ok.statusCode).toBe(201);
    const item = ok.json() as ItemDetail;
    expect(item.images).toHaveLength(1);
    const key = item.images[0]!.url.replace('/media/', '');
    const meta = await sharp(`${ctx.dataDir}/media/${key}`).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    const served = await ctx.app.inject({ method: 'GET', url: item.images[0]!.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toContain('immutable');

    const html = await upload(itemId, Buffer.from('<html><script>alert(1)</script></html>'), 'cute.jpg', 'image/jpeg');
    expect(html.statusCode).toBe(400);
    expect(html.json().error.message).toBe('Only JPEG, PNG and WebP images are accepted.');

    const huge = Buffer.concat([await jpegWithGps(), Buffer.alloc(6 * 1024 * 1024)]);
    const tooBig = await upload(itemId, huge);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.message).toBe('Each photo must be 5 MB or smaller.');

    const strangers = await upload(itemId, await jpegWithGps(), 'x.jpg', 'image/jpeg', other.cookie);
    expect(strangers.statusCode).toBe(404);
    expect((await send('GET', `/api/items/${itemId}`)).json().images).toHaveLength(1);
  });

  it('refuses a ninth photo', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    for (let i = 0; i < 7; i++) expect((await upload(itemId, png, `p${i}.png`, 'image/png')).statusCode).toBe(201);
    const ninth = await upload(itemId, png, 'p9.png', 'image/png');
    expect(ninth.statusCode).toBe(400);
    expect(ninth.json().error.message).toBe('An item can have at most 8 photos.');
  });

  it('reorders and removes photos', async () => {
    const item = (await send('GET', `/api/items/${itemId}`)).json() as ItemDetail;
    const ids = item.images.map((i) => /\/([0-9a-f-]{36})-large\.webp$/.exec(i.url)![1]!);
    const reordered = await send('PUT', `/api/items/${itemId}/images/order`, owner.cookie, { imageIds: [...ids].reverse() });
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json().images[0].url).toBe(item.images[7]!.url);
    const removed = await send('DELETE', `/api/items/${itemId}/images/${ids[0]}`, owner.cookie);
    expect(removed.json().images).toHaveLength(7);
  });
});

describe('postcodes stored and shown in the canonical form', () => {
  it('tidies a postcode typed in lower case or without its space, on listing and on editing', async () => {
    const created = await send('POST', '/api/items', owner.cookie, { ...valid, name: 'Lawn Rake', postcode: 'ls6  2ab' });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as ItemDetail).id;
    expect((created.json() as ItemDetail).location.postcode).toBe('LS6 2AB');
    const edited = await send('PUT', `/api/items/${id}`, owner.cookie, { ...valid, name: 'Lawn Rake', postcode: 'ls62ab' });
    expect(edited.statusCode, edited.body).toBe(200);
    const [row] = await queryRows<{ postcode: string }>(ctx.database.db, sql`select postcode from items where id = ${id}`);
    expect(row?.postcode).toBe('LS6 2AB');
  });

  it('migration 0022 tidies postcodes saved before, on items and on addresses', async () => {
    const user = await createUser(ctx.database.db, { email: 'typed@example.com' });
    const [item] = await queryRows<{ id: string }>(ctx.database.db, sql`select id from items where owner_id = ${owner.user.id} limit 1`);
    await ctx.database.db.execute(sql`update items set postcode = 'ox2 6ae' where id = ${item!.id}`);
    await ctx.database.db.execute(
      sql`update users set address_line = '1 High St', address_city = 'Oxford', address_postcode = ' ox4  1ha' where id = ${user.id}`,
    );
    const file = readFileSync(new URL('../../db/migrations/0022_canonical_postcodes.sql', import.meta.url), 'utf8');
    for (const statement of file.split('--> statement-breakpoint')) await ctx.database.db.execute(sql.raw(statement));
    const [tidyItem] = await queryRows<{ postcode: string }>(ctx.database.db, sql`select postcode from items where id = ${item!.id}`);
    const [tidyUser] = await queryRows<{ address_postcode: string }>(
      ctx.database.db,
      sql`select address_postcode from users where id = ${user.id}`,
    );
    expect(tidyItem?.postcode).toBe('OX2 6AE');
    expect(tidyUser?.address_postcode).toBe('OX4 1HA');
  });
});

describe('deleting and returns', () => {
  it('refuses to delete an item with an upcoming rental, then deletes it once returned, keeping history', async () => {
    const created = (await send('POST', '/api/items', owner.cookie, { ...valid, name: 'Busy Mower' })).json() as ItemDetail;
    const renter = await createUser(ctx.database.db);
    const rental = await createRental(ctx.database.db, { id: created.id, ownerId: owner.user.id }, renter.id, 3, 2);
    const refused = await send('DELETE', `/api/items/${created.id}`, owner.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/upcoming or active rentals/);
    const early = await send('POST', `/api/rentals/${rental.id}/return`, owner.cookie, {});
    expect(early.statusCode).toBe(409);
    await ctx.database.db.execute(sql`update rentals set returned = true where id = ${rental.id}`);
    expect((await send('DELETE', `/api/items/${created.id}`, owner.cookie)).statusCode).toBe(204);
    expect((await send('GET', `/api/items/${created.id}`)).statusCode).toBe(404);
    const kept = await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from rentals where item_id = ${created.id}`);
    expect(kept[0]!.n).toBe(1);
  });

  it('shows rental states in My Items and mark returned moves earnings from pending to available', async () => {
    const created = (await send('POST', '/api/items', owner.cookie, { ...valid, name: 'Out Now Saw' })).json() as ItemDetail;
    const renter = await createUser(ctx.database.db, { name: 'Rory Renter' });
    const out = await createRental(ctx.database.db, { id: created.id, ownerId: owner.user.id }, renter.id, -1, 3);
    await postTransaction(ctx.database.db, {
      kind: 'checkout',
      rentalId: out.id,
      entries: [
        { userId: renter.id, account: 'card', amountPence: -3000 },
        { userId: owner.user.id, account: 'pending', amountPence: 3000 },
      ],
    });
    expect(await balances(ctx.database.db, owner.user.id)).toMatchObject({ pendingCreditsPence: 3000, availablePence: 0 });
    const mine = (await send('GET', '/api/me/items', owner.cookie)).json().items as OwnerItem[];
    const saw = mine.find((i) => i.id === created.id)!;
    expect(saw.rentalState).toBe('out');
    expect(saw.periods).toEqual([expect.objectContaining({ rentalId: out.id, renterName: 'Rory Renter', state: 'out' })]);
    expect((await send('POST', `/api/rentals/${out.id}/return`, other.cookie, {})).statusCode).toBe(404);
    expect((await send('POST', `/api/rentals/${out.id}/return`, owner.cookie, {})).statusCode).toBe(204);
    expect(await balances(ctx.database.db, owner.user.id)).toMatchObject({ pendingCreditsPence: 0, availablePence: 3000 });
    const after = ((await send('GET', '/api/me/items', owner.cookie)).json().items as OwnerItem[]).find((i) => i.id === created.id)!;
    expect(after.rentalState).toBe('available');
  });
});

describe('owner pages', () => {
  it('shows the owner with items and reviews, and 404 Owner not found', async () => {
    const profile = await send('GET', `/api/owners/${owner.user.id}`);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ name: 'Lena Lister', rating: null, totalRatings: 0, reviews: [] });
    const items = await send('GET', `/api/owners/${owner.user.id}/items`);
    expect(items.json().items.map((i: { name: string }) => i.name)).toContain('Hedge Trimmer');
    const missing = await send('GET', '/api/owners/nobody-here');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Owner not found');
  });

  it("shows each member's track record: verified contact details, rentals returned on time, lendings", async () => {
    const db = ctx.database.db;
    const lender = await createUser(db, { name: 'Track Lender', phoneVerified: true });
    const borrower = await createUser(db, { name: 'Track Borrower' });
    const saw = await createItem(db, lender.id, { name: 'Track Saw' });
    // Two rentals brought back: the first on its last day, the second two days late; one still out.
    const onTime = await createRental(db, saw, borrower.id, -10, 3, { returned: true });
    await db.execute(
      sql`update rentals set returned_at = (end_date::timestamp + interval '18 hours') at time zone 'Europe/London' where id = ${onTime.id}`,
    );
    const late = await createRental(db, saw, borrower.id, -6, 2, { returned: true });
    await db.execute(
      sql`update rentals set returned_at = (end_date::timestamp + interval '2 days 10 hours') at time zone 'Europe/London' where id = ${late.id}`,
    );
    await createRental(db, saw, borrower.id, -1, 3);
    const record = async (id: string) => (await send('GET', `/api/owners/${id}`)).json().record;
    expect(await record(borrower.id)).toEqual({
      emailVerified: true,
      phoneVerified: false,
      rentalsCompleted: 2,
      returnedOnTime: 1,
      lendingsCompleted: 0,
      claimsUpheldAgainst: 0,
    });
    expect(await record(lender.id)).toEqual({
      emailVerified: true,
      phoneVerified: true,
      rentalsCompleted: 0,
      returnedOnTime: 0,
      lendingsCompleted: 2,
      claimsUpheldAgainst: 0,
    });
  });
});
