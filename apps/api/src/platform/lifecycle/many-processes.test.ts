import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../mail/mailer.ts';
import { startS3Server } from '../../test/s3-server.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

const serverUrl = process.env.DATABASE_URL;
const APP_URL = 'http://localhost:3000';
const PASSWORD = 'a sturdy wheelbarrow';

/**
 * Two real API processes on one PostgreSQL database and one S3 bucket, as behind a load balancer:
 * nothing a user does may depend on which process answers.
 */
describe.skipIf(!serverUrl)('two API processes on one PostgreSQL server', () => {
  const name = `toolshed_two_${randomBytes(4).toString('hex')}`;
  let admin: pg.Client;
  let db: pg.Client;
  let dataDir: string;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let a: ServerProcess;
  let b: ServerProcess;
  const base = (s: ServerProcess) => `http://127.0.0.1:${s.port}`;

  const send = (s: ServerProcess, method: string, url: string, body?: unknown, cookie?: string) =>
    fetch(`${base(s)}${url}`, {
      method,
      headers: { origin: APP_URL, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'toolshed-two-'));
    s3 = await startS3Server();
    const env = {
      DATABASE_URL: url.toString(),
      DATA_DIR: dataDir,
      APP_URL,
      AUTH_SECRET: 'a-shared-secret-for-both-processes-0123456789',
      AUTH_RATE_LIMIT: '1000',
      AUTH_ACCOUNT_FAILURES: '3',
      JOBS: 'on',
      ...s3.settings,
    };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    await Promise.all([a.ready(120_000), b.ready(120_000)]);
    db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.end();
    await admin?.query(`drop database if exists "${name}" with (force)`);
    await admin?.end();
    await s3?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  let cookie = '';

  it('a session made on one process is valid on the other', async () => {
    expect(
      (
        await send(a, 'POST', '/api/auth/sign-up/email', {
          name: 'Nia Owner',
          email: 'nia@example.com',
          password: PASSWORD,
          callbackURL: '/',
        })
      ).status,
    ).toBe(200);
    let link: URL | undefined;
    for (let i = 0; i < 50 && !link; i++) {
      const mail = (await readOutbox(path.join(dataDir, 'outbox'))).find((m) => m.to.includes('nia@example.com'));
      const found = mail?.links.find((l) => l.includes('token='));
      if (found) link = new URL(found);
      else await new Promise((r) => setTimeout(r, 200));
    }
    expect(link).toBeDefined();
    // The link is followed on the other process.
    const token = link!.searchParams.get('token')!;
    const verified = await fetch(`${base(b)}/api/auth/verify-email?token=${encodeURIComponent(token)}`, { redirect: 'manual' });
    expect(verified.status).toBeLessThan(400);
    const signIn = await send(a, 'POST', '/api/auth/sign-in/email', { email: 'nia@example.com', password: PASSWORD });
    expect(signIn.status).toBe(200);
    cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const me = await send(b, 'GET', '/api/me', undefined, cookie);
    expect(me.status).toBe(200);
    expect(((await me.json()) as { name: string }).name).toBe('Nia Owner');
  });

  it('the sign-in limit for one account holds across both processes', async () => {
    const statuses: number[] = [];
    for (const server of [a, b, a])
      statuses.push(
        (await send(server, 'POST', '/api/auth/sign-in/email', { email: 'nia@example.com', password: 'not the password' })).status,
      );
    expect(statuses).toEqual([401, 401, 401]);
    // The fourth try, even with the right password, is refused by the process that saw one failure.
    const fourth = await send(b, 'POST', '/api/auth/sign-in/email', { email: 'nia@example.com', password: PASSWORD });
    expect(fourth.status).toBe(429);
  });

  it('a photo uploaded through one process is served by the other (S3 storage)', async () => {
    const item = await send(
      a,
      'POST',
      '/api/items',
      {
        name: 'Hedge trimmer',
        description: 'Cordless, two batteries.',
        dailyRatePence: 950,
        categoryId: 'garden-tools',
        minDays: 1,
        maxDays: 7,
        available: true,
        address: '1 High Street',
        city: 'Leeds',
        postcode: 'LS1 1AA',
      },
      cookie,
    );
    expect(item.status).toBe(201);
    const { id } = (await item.json()) as { id: string };
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'trimmer.png');
    const upload = await fetch(`${base(a)}/api/items/${id}/images`, { method: 'POST', headers: { origin: APP_URL, cookie }, body: form });
    expect(upload.status).toBe(201);
    const detail = (await (await send(b, 'GET', `/api/items/${id}`)).json()) as { images: { url: string }[] };
    expect(detail.images).toHaveLength(1);
    const photo = await fetch(`${base(b)}${detail.images[0]!.url}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await photo.arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');
  });

  it('a job enqueued once runs once, on one of them', async () => {
    await db.query(
      `insert into jobs (name, payload, key, run_at) values ('housekeeping.finished-jobs', '{"date":"2026-01-01"}', 'two-processes-once', now())`,
    );
    let row: { status: string; attempts: number } | undefined;
    for (let i = 0; i < 100; i++) {
      row = (await db.query<{ status: string; attempts: number }>(`select status, attempts from jobs where key = 'two-processes-once'`))
        .rows[0];
      if (row?.status === 'done') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(row).toEqual({ status: 'done', attempts: 1 });
  });
});
