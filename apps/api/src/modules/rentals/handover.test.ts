import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HANDOVER_MESSAGES } from '@toolshed/core';
import { MAX_IMAGE_BYTES } from '@toolshed/core/contract';
import type { Handover } from '@toolshed/core/contract';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, ORIGIN } from '../../test/auth-helpers.ts';
import { createItem, insertCategories } from '../../test/factories.ts';
import { pngClaiming, pngOfExactSize } from '../../test/test-images.ts';
import { TOO_MANY_PIXELS_MESSAGE } from '../../platform/images/image-limits.ts';
import { queryRows } from '../../db/database.ts';
import { rentals } from '../../db/schema.ts';

let ctx: TestContext;
const mailer = createMemoryMailer();
// 10:30 BST on 10 June 2030.
let clock = new Date('2030-06-10T09:30:00Z');
type Person = { cookie: string; user: { id: string } };
let owner: Person;
let renter: Person;
let outsider: Person;

const BOUNDARY = '----handover';
function multipart(file: Buffer, filename = 'photo.jpg', type = 'image/jpeg') {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  return Buffer.concat([head, file, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
}

/** A real photo with camera metadata and a GPS position, as a phone would send it. */
async function phonePhoto(width = 1600, height = 1200): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 31) % 253;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Camera 12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .toBuffer();
}

const upload = (rentalId: string, side: string, who: Person | undefined, body: Buffer) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/rentals/${rentalId}/handover/${side}/photos`,
    payload: body,
    headers: { origin: ORIGIN, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...(who ? { cookie: who.cookie } : {}) },
  });
const handover = (rentalId: string, who: Person) =>
  ctx.app.inject({ method: 'GET', url: `/api/rentals/${rentalId}/handover`, headers: { cookie: who.cookie } });
const saveNote = (rentalId: string, side: string, who: Person, note: string) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/rentals/${rentalId}/handover/${side}/note`,
    headers: { cookie: who.cookie, origin: ORIGIN },
    payload: { note },
  });
const errorOf = (res: { json(): unknown }) => (res.json() as { error: { code: string; message: string } }).error;

/** Each on an item of its own, so their dates never clash. */
async function rental(startDate: string, endDate: string, extra: Partial<typeof rentals.$inferInsert> = {}) {
  const item = await createItem(ctx.database.db, owner.user.id, { name: 'Cordless Drill' });
  const [row] = await ctx.database.db
    .insert(rentals)
    .values({ itemId: item.id, ownerId: owner.user.id, renterId: renter.user.id, startDate, endDate, totalPence: 3000, ...extra })
    .returning();
  return row!;
}

async function photoRows(rentalId: string) {
  return queryRows<{ side: string; taken_at: string }>(
    ctx.database.db,
    sql`select side, taken_at::text from handover_photos where rental_id = ${rentalId} order by taken_at`,
  );
}
async function storedHandoverFiles(): Promise<string[]> {
  return readdir(path.join(ctx.dataDir, 'media', 'private'), { recursive: true }).catch(() => []);
}

beforeAll(async () => {
  ctx = await createTestApp({ mailer, now: () => clock });
  await insertCategories(ctx.database.db);
  owner = await createSignedInUser(ctx.app, mailer, 'olive@example.com', 'Olive Owner');
  renter = await createSignedInUser(ctx.app, mailer, 'rita@example.com', 'Rita Renter');
  outsider = await createSignedInUser(ctx.app, mailer, 'ned@example.com', 'Ned Nosy');
});
afterAll(async () => ctx?.close());
beforeEach(() => {
  clock = new Date('2030-06-10T09:30:00Z');
});

describe('handover photos at pick-up and return', () => {
  it('lets the owner add pick-up photos on the start day and the renter return photos, each stamped by the server and stripped of GPS', async () => {
    const r = await rental('2030-06-10', '2030-06-12');
    const photo = await phonePhoto();
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const res = await upload(r.id, 'pickup', owner, multipart(photo));
    expect(res.statusCode, res.body).toBe(201);
    const afterPickup = res.json() as Handover;
    expect(afterPickup.pickup.photos).toHaveLength(1);
    expect(afterPickup.pickup.photos[0]!.takenAt).toBe('2030-06-10T09:30:00.000Z');
    expect(afterPickup.pickup.photos[0]!.width).toBe(1200);

    // The stored photo is WebP without the camera's metadata or position.
    const served = await ctx.app.inject({ method: 'GET', url: afterPickup.pickup.photos[0]!.url, headers: { cookie: renter.cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('private');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();

    // A note beside them.
    const noted = await saveNote(r.id, 'pickup', owner, '  Small scratch on the battery, charger included.  ');
    expect(noted.statusCode, noted.body).toBe(200);
    expect((noted.json() as Handover).pickup.note).toBe('Small scratch on the battery, charger included.');

    // Two days later the renter brings it back and photographs it.
    clock = new Date('2030-06-12T16:45:00Z');
    const back = await upload(r.id, 'return', renter, multipart(await phonePhoto(800, 600), 'return.png', 'image/png'));
    expect(back.statusCode, back.body).toBe(201);
    await saveNote(r.id, 'return', renter, 'Returned clean.');

    // Both parties see both sides, the same.
    for (const who of [owner, renter]) {
      const seen = (await handover(r.id, who)).json() as Handover;
      expect(seen.pickup.photos.map((p) => p.takenAt)).toEqual(['2030-06-10T09:30:00.000Z']);
      expect(seen.return.photos.map((p) => p.takenAt)).toEqual(['2030-06-12T16:45:00.000Z']);
      expect(seen.pickup.note).toBe('Small scratch on the battery, charger included.');
      expect(seen.return.note).toBe('Returned clean.');
    }
    const forRenter = (await handover(r.id, renter)).json() as Handover;
    expect([forRenter.pickup.canAdd, forRenter.return.canAdd]).toEqual([false, true]);
    const forOwner = (await handover(r.id, owner)).json() as Handover;
    expect([forOwner.pickup.canAdd, forOwner.return.canAdd]).toEqual([true, false]);
  });

  it('takes the server’s time, whatever the client says', async () => {
    const r = await rental('2030-06-10', '2030-06-11');
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/rentals/${r.id}/handover/pickup/photos?takenAt=2020-01-01T00:00:00Z`,
      payload: multipart(await phonePhoto(200, 150)),
      headers: {
        origin: ORIGIN,
        cookie: owner.cookie,
        date: 'Wed, 01 Jan 2020 00:00:00 GMT',
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await photoRows(r.id)).map((p) => new Date(p.taken_at).toISOString())).toEqual(['2030-06-10T09:30:00.000Z']);
  });
});

describe('only the two parties', () => {
  it('hides the handover, its photos and its note from anyone else (404), and from visitors (401)', async () => {
    const r = await rental('2030-06-10', '2030-06-11');
    const added = (await upload(r.id, 'pickup', owner, multipart(await phonePhoto(300, 200)))).json() as Handover;
    const url = added.pickup.photos[0]!.url;

    const peek = await handover(r.id, outsider);
    expect(peek.statusCode).toBe(404);
    expect(errorOf(peek).message).toBe('Rental not found.');
    expect((await ctx.app.inject({ method: 'GET', url, headers: { cookie: outsider.cookie } })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `${url}?size=thumb`, headers: { cookie: outsider.cookie } })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);

    const sneak = await upload(r.id, 'pickup', outsider, multipart(await phonePhoto(300, 200)));
    expect(sneak.statusCode).toBe(404);
    expect((await saveNote(r.id, 'pickup', outsider, 'mine now')).statusCode).toBe(404);
    expect((await upload(r.id, 'pickup', undefined, multipart(await phonePhoto(300, 200)))).statusCode).toBe(401);
    expect(await photoRows(r.id)).toHaveLength(1);
  });

  it('never serves the stored files at /media, even to someone who learns their key', async () => {
    const keys = await queryRows<{ large_key: string }>(ctx.database.db, sql`select large_key from handover_photos limit 1`);
    expect(keys[0]!.large_key).toMatch(/^private\/handovers\//);
    expect((await ctx.app.inject({ method: 'GET', url: `/media/${keys[0]!.large_key}` })).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/media/%70rivate/${keys[0]!.large_key.slice('private/'.length)}` })).statusCode,
    ).toBe(404);
  });

  it('refuses the wrong party with 403 and says who adds each side', async () => {
    const r = await rental('2030-06-10', '2030-06-11');
    const renterAtPickup = await upload(r.id, 'pickup', renter, multipart(await phonePhoto(300, 200)));
    expect(renterAtPickup.statusCode).toBe(403);
    expect(errorOf(renterAtPickup).message).toBe(HANDOVER_MESSAGES.ownerOnly);
    const ownerAtReturn = await upload(r.id, 'return', owner, multipart(await phonePhoto(300, 200)));
    expect(ownerAtReturn.statusCode).toBe(403);
    expect(errorOf(ownerAtReturn).message).toBe(HANDOVER_MESSAGES.renterOnly);
    expect((await saveNote(r.id, 'return', owner, 'not mine')).statusCode).toBe(403);
    expect(await photoRows(r.id)).toEqual([]);
  });
});

describe('what is refused, changing nothing', () => {
  it('refuses a text file named .jpg, by its contents', async () => {
    const r = await rental('2030-06-10', '2030-06-11');
    const before = await storedHandoverFiles();
    const res = await upload(
      r.id,
      'pickup',
      owner,
      multipart(Buffer.from('these are not the pixels you are looking for\n'.repeat(20)), 'photo.jpg', 'image/jpeg'),
    );
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(HANDOVER_MESSAGES.notImage);
    expect(await photoRows(r.id)).toEqual([]);
    expect(await storedHandoverFiles()).toEqual(before);
  });

  it('refuses a photo over 5 MB with 413, and accepts one of exactly 5 MB', async () => {
    const r = await rental('2030-06-10', '2030-06-11');
    const over = await upload(r.id, 'pickup', owner, multipart(await pngOfExactSize(MAX_IMAGE_BYTES + 1), 'big.png', 'image/png'));
    expect(over.statusCode).toBe(413);
    expect(errorOf(over).message).toBe('Each photo must be 5 MB or smaller.');
    expect(await photoRows(r.id)).toEqual([]);
    expect(
      (await upload(r.id, 'pickup', owner, multipart(await pngOfExactSize(MAX_IMAGE_BYTES), 'five.png', 'image/png'))).statusCode,
    ).toBe(201);
  });

  it('refuses a pixel bomb (16000 x 16000) before decoding it', async () => {
    const r = await rental('2030-06-10', '2030-06-11');
    const res = await upload(r.id, 'pickup', owner, multipart(await pngClaiming(16_000, 16_000), 'bomb.png', 'image/png'));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(TOO_MANY_PIXELS_MESSAGE);
    expect(await photoRows(r.id)).toEqual([]);
  });

  it('refuses a seventh photo on a side', async () => {
    const r = await rental('2030-06-10', '2030-06-11');
    const photo = await phonePhoto(320, 240);
    for (let i = 0; i < 6; i++) expect((await upload(r.id, 'pickup', owner, multipart(photo))).statusCode).toBe(201);
    const before = await storedHandoverFiles();
    const seventh = await upload(r.id, 'pickup', owner, multipart(photo));
    expect(seventh.statusCode).toBe(400);
    expect(errorOf(seventh).message).toBe(HANDOVER_MESSAGES.tooMany);
    expect(await photoRows(r.id)).toHaveLength(6);
    expect(await storedHandoverFiles()).toEqual(before);
    // The other side has its own six.
    clock = new Date('2030-06-11T18:00:00Z');
    expect((await upload(r.id, 'return', renter, multipart(photo))).statusCode).toBe(201);
  });

  it('refuses a note over 500 characters', async () => {
    const r = await rental('2030-06-10', '2030-06-11');
    const res = await saveNote(r.id, 'pickup', owner, 'x'.repeat(501));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(HANDOVER_MESSAGES.noteTooLong);
    expect(((await handover(r.id, owner)).json() as Handover).pickup.note).toBeNull();
    expect((await saveNote(r.id, 'pickup', owner, 'x'.repeat(500))).statusCode).toBe(200);
  });
});

describe('the windows (London dates)', () => {
  it('opens pick-up photos on the start day, not the evening before', async () => {
    const r = await rental('2030-06-11', '2030-06-13');
    clock = new Date('2030-06-10T22:59:00Z'); // 23:59 BST on the 10th
    const early = await upload(r.id, 'pickup', owner, multipart(await phonePhoto(300, 200)));
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).message).toBe('Pick-up photos can be added from the start day, 11 Jun 2030.');
    const earlyReturn = await upload(r.id, 'return', renter, multipart(await phonePhoto(300, 200)));
    expect(errorOf(earlyReturn).message).toBe('Return photos can be added from the start day, 11 Jun 2030.');
    clock = new Date('2030-06-10T23:00:00Z'); // 00:00 BST on the 11th
    expect((await upload(r.id, 'pickup', owner, multipart(await phonePhoto(300, 200)))).statusCode).toBe(201);
  });

  it('closes pick-up photos once the item is back', async () => {
    const r = await rental('2030-06-09', '2030-06-11', { returned: true, returnedAt: new Date('2030-06-10T08:00:00Z') });
    const res = await upload(r.id, 'pickup', owner, multipart(await phonePhoto(300, 200)));
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe('The item is back, so pick-up photos can no longer be added.');
  });

  it('keeps return photos open until 48 hours after the end date, or after a later return', async () => {
    // Returned early: 48 hours after the end of the end date (midnight BST after 11 June).
    const early = await rental('2030-06-08', '2030-06-11', { returned: true, returnedAt: new Date('2030-06-09T10:00:00Z') });
    clock = new Date('2030-06-13T22:59:00Z');
    expect((await upload(early.id, 'return', renter, multipart(await phonePhoto(300, 200)))).statusCode).toBe(201);
    clock = new Date('2030-06-13T23:00:00Z');
    const closed = await upload(early.id, 'return', renter, multipart(await phonePhoto(300, 200)));
    expect(closed.statusCode).toBe(409);
    expect(errorOf(closed).message).toBe('Return photos could be added until 14 Jun 2030, 00:00.');
    expect((await saveNote(early.id, 'return', renter, 'late')).statusCode).toBe(409);

    // Returned late: 48 hours after the return.
    const late = await rental('2030-06-01', '2030-06-03', { returned: true, returnedAt: new Date('2030-06-12T12:00:00Z') });
    clock = new Date('2030-06-14T11:59:00Z');
    expect((await upload(late.id, 'return', renter, multipart(await phonePhoto(300, 200)))).statusCode).toBe(201);
    clock = new Date('2030-06-14T12:00:00Z');
    expect((await upload(late.id, 'return', renter, multipart(await phonePhoto(300, 200)))).statusCode).toBe(409);
  });

  it('has no handover for a cancelled rental', async () => {
    const r = await rental('2030-06-10', '2030-06-12', { cancelledAt: new Date('2030-06-01T10:00:00Z'), cancelledBy: 'renter' });
    const res = await upload(r.id, 'pickup', owner, multipart(await phonePhoto(300, 200)));
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(HANDOVER_MESSAGES.cancelled);
  });
});
