import { existsSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICTURE_MAX_BYTES, PICTURE_MESSAGES } from '@toolshed/core';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, ORIGIN, post } from '../../test/auth-helpers.ts';
import { createItem, insertCategories } from '../../test/factories.ts';

let ctx: TestContext;
const mailer = createMemoryMailer();
let maya: { cookie: string; user: { id: string } };

function multipart(file: Buffer, filename: string, contentType: string, field = 'file') {
  const boundary = '----toolshedprofile';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, file, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(file: Buffer, filename = 'me.jpg', contentType = 'image/jpeg', field = 'file') {
  const body = multipart(file, filename, contentType, field);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/me/picture',
    payload: body.payload,
    headers: { ...body.headers, cookie: maya.cookie, origin: ORIGIN },
  });
}

const photo = (background = '#3a7d44') =>
  sharp({ create: { width: 900, height: 700, channels: 3, background } })
    .jpeg()
    .withExif({ IFD0: { Make: 'TestCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '53/1 48/1 0/1' } })
    .toBuffer();

const mediaFile = (url: string) => `${ctx.dataDir}/media/${url.replace(/^\/media\//, '')}`;

beforeAll(async () => {
  ctx = await createTestApp({ mailer });
  await insertCategories(ctx.database.db);
  maya = await createSignedInUser(ctx.app, mailer, 'maya@example.com', 'Maya Patel');
});
afterAll(async () => ctx?.close());

describe('profile picture', () => {
  it('refuses a request without a file with the spec message', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/picture',
      headers: { cookie: maya.cookie, origin: ORIGIN, 'content-type': 'application/json' },
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ message: PICTURE_MESSAGES.required, field: 'file' });
    const empty = await upload(Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(PICTURE_MESSAGES.required);
  });

  it('refuses bytes that are not an image, whatever the name and type claim', async () => {
    const res = await upload(Buffer.from('%PDF-1.7 not a picture at all'), 'me.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(PICTURE_MESSAGES.notImage);
    // A JPEG header with garbage behind it cannot be decoded either.
    const broken = await upload(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]));
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.message).toBe(PICTURE_MESSAGES.notImage);
  });

  it('refuses more than 5 MB', async () => {
    const big = Buffer.concat([await photo(), Buffer.alloc(5 * 1024 * 1024, 1)]);
    const res = await upload(big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(PICTURE_MESSAGES.tooLarge);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: maya.cookie } })).json().picture).toBeNull();
  });

  it('refuses a file one byte over the limit whole, and stores nothing', async () => {
    const jpeg = await photo('#225588');
    const over = Buffer.concat([jpeg, Buffer.alloc(PICTURE_MAX_BYTES + 1 - jpeg.length, 0)]);
    expect(over.length).toBe(PICTURE_MAX_BYTES + 1);
    const res = await upload(over);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(PICTURE_MESSAGES.tooLarge);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: maya.cookie } })).json().picture).toBeNull();
  });

  it('refuses visitors', async () => {
    const body = multipart(await photo(), 'me.jpg', 'image/jpeg');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/picture',
      payload: body.payload,
      headers: { ...body.headers, origin: ORIGIN },
    });
    expect(res.statusCode).toBe(401);
  });

  it('stores a small stripped WebP, shows it in the session, on owner pages and cards, and replaces the old file', async () => {
    const item = await createItem(ctx.database.db, maya.user.id, { name: 'Maya drill' });
    const first = await upload(await photo());
    expect(first.statusCode).toBe(200);
    const url: string = first.json().picture;
    expect(url).toMatch(/^\/media\/avatars\/.+-thumb\.webp$/);
    const meta = await sharp(mediaFile(url)).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBeLessThanOrEqual(400);
    expect(meta.exif).toBeUndefined();

    const session = await ctx.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: maya.cookie } });
    expect(session.json().user.image ?? session.json().user.picture).toBe(url);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/owners/${maya.user.id}` })).json().picture).toBe(url);
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/items/${item.id}` });
    expect(detail.json().owner.picture).toBe(url);

    const second = await upload(await photo('#aa2222'), 'new.png', 'image/png');
    const url2: string = second.json().picture;
    expect(url2).not.toBe(url);
    expect(existsSync(mediaFile(url2))).toBe(true);
    expect(existsSync(mediaFile(url))).toBe(false);
    // Browsing is not left showing the old picture by its short cache.
    const browse = await ctx.app.inject({ method: 'GET', url: '/api/categories/all/items' });
    expect(browse.json().items.find((i: { id: string }) => i.id === item.id).owner.picture).toBe(url2);

    const removed = await ctx.app.inject({ method: 'DELETE', url: '/api/me/picture', headers: { cookie: maya.cookie, origin: ORIGIN } });
    expect(removed.json().picture).toBeNull();
    expect(existsSync(mediaFile(url2))).toBe(false);
  });

  it('cannot be set to any other value through sign-up or the account update endpoint', async () => {
    const res = await post(ctx.app, '/api/auth/update-user', { image: 'https://evil.example/track.png' }, { cookie: maya.cookie });
    expect(res.statusCode).toBe(400);
    const me = (await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: maya.cookie } })).json();
    expect(me.picture).toBeNull();
    const signUp = await post(ctx.app, '/api/auth/sign-up/email', {
      name: 'Sly',
      email: 'sly@example.com',
      password: 'a sturdy wheelbarrow',
      image: 'javascript:alert(1)',
    });
    expect(signUp.statusCode).toBe(400);
    expect(await ctx.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, 'sly@example.com') })).toBeUndefined();
  });
});
