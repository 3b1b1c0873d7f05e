import { readdir } from 'node:fs/promises';
import { Readable } from 'node:stream';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { MAX_IMAGE_BYTES } from '@toolshed/core/contract';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, ORIGIN } from '../../test/auth-helpers.ts';
import { createItem, insertCategories } from '../../test/factories.ts';
import { pngClaiming, pngOfExactSize, smallPng } from '../../test/test-images.ts';
import { rawRequest } from '../../test/raw-http.ts';
import { TOO_MANY_PIXELS_MESSAGE } from './image-limits.ts';
import { PHOTO_TOO_LARGE_MESSAGE } from './read-image-upload.ts';
import { UPLOADS_PER_WINDOW } from './upload-rate-limit.ts';

let ctx: TestContext;
let cookie: string;
let ownerId: string;
const mailer = createMemoryMailer();
beforeAll(async () => {
  ctx = await createTestApp({ mailer });
  await insertCategories(ctx.database.db);
  ({
    cookie,
    user: { id: ownerId },
  } = await createSignedInUser(ctx.app, mailer, 'uploader@example.com'));
});
afterAll(async () => ctx?.close());

const BOUNDARY = '----uploadlimits';
function multipartBody(file: Buffer) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  return Buffer.concat([head, file, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
}
const upload = (itemId: string, payload: Buffer, contentType = `multipart/form-data; boundary=${BOUNDARY}`, who = cookie) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/items/${itemId}/images`,
    payload,
    headers: { cookie: who, origin: ORIGIN, 'content-type': contentType },
  });
const errorOf = (res: { json(): unknown }) => (res.json() as { error: { code: string; message: string } }).error;

async function storedFiles(): Promise<string[]> {
  return readdir(path.join(ctx.dataDir, 'media'), { recursive: true }).catch(() => []);
}

describe('the photo size limit', () => {
  it(`is exactly MAX_IMAGE_BYTES = 5 MiB (${MAX_IMAGE_BYTES} bytes)`, () => {
    expect(MAX_IMAGE_BYTES).toBe(5_242_880);
  });

  it('accepts a photo of exactly 5 MB', async () => {
    const item = await createItem(ctx.database.db, ownerId);
    const res = await upload(item.id, multipartBody(await pngOfExactSize(MAX_IMAGE_BYTES)));
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as { images: unknown[] }).images).toHaveLength(1);
  });

  it.each([
    ['5 MB + 1 byte', MAX_IMAGE_BYTES + 1],
    ['5 MB + 4 KiB', MAX_IMAGE_BYTES + 4096],
    ['5.5 MB', Math.round(MAX_IMAGE_BYTES * 1.1)],
    ['20 MB', MAX_IMAGE_BYTES * 4],
  ])('refuses %s with 413 and stores nothing, every time', async (_label, bytes) => {
    const item = await createItem(ctx.database.db, ownerId);
    const body = multipartBody(await pngOfExactSize(bytes));
    const before = await storedFiles();
    for (let i = 0; i < 3; i++) {
      const res = await upload(item.id, body);
      expect(res.statusCode).toBe(413);
      expect(errorOf(res)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: PHOTO_TOO_LARGE_MESSAGE });
    }
    expect(await storedFiles()).toEqual(before);
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/items/${item.id}` });
    expect((detail.json() as { images: unknown[] }).images).toHaveLength(0);
  });
});

describe('the photo size limit over a real socket (the body arrives in chunks, as from a browser)', () => {
  it.each([
    ['5 MB + 1 byte', MAX_IMAGE_BYTES + 1],
    ['5 MB + 4 KiB', MAX_IMAGE_BYTES + 4096],
    ['5.5 MB', Math.round(MAX_IMAGE_BYTES * 1.1)],
    ['20 MB', MAX_IMAGE_BYTES * 4],
  ])('refuses %s with 413 and stores nothing', async (_label, bytes) => {
    const item = await createItem(ctx.database.db, ownerId);
    const before = await storedFiles();
    const res = await rawRequest(ctx.app, 'POST', `/api/items/${item.id}/images`, {
      body: multipartBody(await pngOfExactSize(bytes)),
      headers: { cookie, origin: ORIGIN, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    expect(res.statusCode).toBe(413);
    expect(await storedFiles()).toEqual(before);
  });
});

describe('a file that ends one chunk after the limit', () => {
  it('is refused, not cut at exactly 5 MB and stored (the parser marks it truncated with no data left to read)', async () => {
    const item = await createItem(ctx.database.db, ownerId);
    const body = multipartBody(await pngOfExactSize(MAX_IMAGE_BYTES + 1000));
    const headLength = body.indexOf('\r\n\r\n') + 4;
    // First chunk: the part's headers and exactly MAX_IMAGE_BYTES of the file; the rest a moment later.
    const cut = headLength + MAX_IMAGE_BYTES;
    const payload = Readable.from(
      (async function* () {
        yield body.subarray(0, cut);
        await new Promise((r) => setTimeout(r, 50));
        yield body.subarray(cut);
      })(),
    );
    const before = await storedFiles();
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/items/${item.id}/images`,
      payload,
      headers: { cookie, origin: ORIGIN, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    expect(res.statusCode).toBe(413);
    expect(await storedFiles()).toEqual(before);
  });
});

describe('the pixel limit', () => {
  it('refuses a 16000 x 16000 pixel bomb quickly, before decoding it', async () => {
    const bomb = await pngClaiming(16_000, 16_000);
    expect(await sharp(bomb).metadata()).toMatchObject({ width: 16_000, height: 16_000 });
    expect(bomb.length).toBeLessThan(10_000);
    const item = await createItem(ctx.database.db, ownerId);
    const started = performance.now();
    const res = await upload(item.id, multipartBody(bomb));
    const elapsed = performance.now() - started;
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(TOO_MANY_PIXELS_MESSAGE);
    expect(elapsed).toBeLessThan(1_000);
  });

  it('still accepts an ordinary photo', async () => {
    const item = await createItem(ctx.database.db, ownerId);
    expect((await upload(item.id, multipartBody(await smallPng(800, 600)))).statusCode).toBe(201);
  });
});

describe('malformed uploads', () => {
  it.each([
    ['no boundary in the content type', multipartBody(Buffer.from('x')), 'multipart/form-data'],
    ['a body cut off mid-part', multipartBody(Buffer.from('x')).subarray(0, 60), undefined],
    ['a broken part header', Buffer.from(`--${BOUNDARY}\r\nthis is not a header\r\n\r\nabc\r\n--${BOUNDARY}--\r\n`), undefined],
    [
      'two files',
      Buffer.concat([
        multipartBody(Buffer.from('a')).subarray(0, -4),
        Buffer.from(`\r\nContent-Disposition: form-data; name="file"; filename="b.png"\r\n\r\nb\r\n--${BOUNDARY}--\r\n`),
      ]),
      undefined,
    ],
    ['an empty file', multipartBody(Buffer.alloc(0)), undefined],
  ])('%s is 400', async (_label, payload, contentType) => {
    const item = await createItem(ctx.database.db, ownerId);
    const res = await upload(item.id, payload, contentType);
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).code).toBe('VALIDATION');
  });
});

describe('the per-user upload rate limit', () => {
  it(`allows ${UPLOADS_PER_WINDOW} uploads per 10 minutes per user, then 429; another user is not affected`, async () => {
    const { cookie: busy, user } = await createSignedInUser(ctx.app, mailer, 'busy@example.com');
    const item = await createItem(ctx.database.db, user.id);
    const notAnImage = multipartBody(Buffer.from('not an image at all'));
    const codes: number[] = [];
    for (let i = 0; i <= UPLOADS_PER_WINDOW; i++) codes.push((await upload(item.id, notAnImage, undefined, busy)).statusCode);
    expect(codes.slice(0, UPLOADS_PER_WINDOW).every((c) => c === 400)).toBe(true);
    expect(codes[UPLOADS_PER_WINDOW]).toBe(429);
    const other = await createItem(ctx.database.db, ownerId);
    expect((await upload(other.id, notAnImage)).statusCode).toBe(400);
  });
});
