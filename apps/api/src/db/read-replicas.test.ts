import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemsPage } from '@toolshed/core/contract';
import { createTestApp, TEST_AUTH_SECRET, type TestContext } from '../test/test-app.ts';
import { createMemoryMailer } from '../test/memory-mailer.ts';
import { startApiProcess, type ApiProcess } from '../test/api-process.ts';
import { createSignedInUser, ORIGIN } from '../test/auth-helpers.ts';
import { createItem, createUser, insertCategories } from '../test/factories.ts';
import { READ_AFTER_COOKIE } from '../platform/replicas/read-routing.ts';

/**
 * Read replicas against a real primary (DATABASE_URL) and a real streaming replica of it
 * (TEST_REPLICA_URL), as `bash scripts/replica.sh up` makes on this machine; the stop-and-start
 * test drives that script. Without both, the file is skipped.
 */
const replicaUrl = process.env.TEST_REPLICA_URL;
const primaryUrl = process.env.DATABASE_URL;
const runs = Boolean(replicaUrl && primaryUrl);
/** The tests' own database, in its default schema, so the other API processes find the same tables. */
const OWN_DATABASE = 'toolshed_replica_test';
const ownUrl = (url: string | undefined) => {
  if (!url) return '';
  const own = new URL(url);
  own.pathname = `/${OWN_DATABASE}`;
  return own.toString();
};
const primaryOwnUrl = ownUrl(primaryUrl);
const replicaOwnUrl = ownUrl(replicaUrl);
if (!runs) {
  console.info(
    'read-replicas.test.ts skipped: set DATABASE_URL and TEST_REPLICA_URL (a streaming replica of it, e.g. `bash scripts/replica.sh up` then TEST_REPLICA_URL=postgres://postgres@127.0.0.1:5433/test)',
  );
}

const script = path.resolve(import.meta.dirname, '../../../../scripts/replica.sh');
const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mailer = createMemoryMailer();

describe.skipIf(!runs)('read replicas', () => {
  let ctx: TestContext;
  /** A statement on the replica, on a connection of its own (the replica is stopped in between). */
  async function onReplica<R extends pg.QueryResultRow>(text: string, url = replicaOwnUrl): Promise<R[]> {
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => undefined);
    await client.connect();
    try {
      return (await client.query<R>(text)).rows;
    } finally {
      await client.end();
    }
  }
  let lister: { cookie: string; user: { id: string } };
  let other: { cookie: string; user: { id: string } };
  const others: ApiProcess[] = [];

  /** Another API process (a Node process of its own) on the same databases, with its own settings. */
  async function anotherProcess(env: Record<string, string>): Promise<ApiProcess> {
    const started = await startApiProcess({
      APP_URL: ORIGIN,
      AUTH_SECRET: TEST_AUTH_SECRET,
      BROWSE_CACHE_MS: '0',
      DATABASE_URL: primaryOwnUrl,
      DATABASE_REPLICA_URLS: replicaOwnUrl,
      ...env,
    });
    others.push(started);
    return started;
  }

  type ReplicaState = ReturnType<FastifyInstance['reads']['states']>[number];
  const replicaState = (app: FastifyInstance) => app.reads.states()[0]!;
  /** The replica's state as a process sees it: this one's own checks, or another process's `/api/ready`. */
  async function stateIn(where: FastifyInstance | ApiProcess): Promise<Pick<ReplicaState, 'inRotation' | 'lagMs' | 'problem'>> {
    if ('reads' in where) {
      await where.reads.check();
      return replicaState(where);
    }
    const ready = JSON.parse((await where.get('/api/ready')).body) as {
      replicas: Pick<ReplicaState, 'inRotation' | 'lagMs' | 'problem'>[];
    };
    return ready.replicas[0]!;
  }

  /** Checks until `wanted` holds of the replica's state in a process, for at most `ms`. */
  async function until(where: FastifyInstance | ApiProcess, wanted: (s: Awaited<ReturnType<typeof stateIn>>) => boolean, ms: number) {
    const deadline = Date.now() + ms;
    for (;;) {
      const state = await stateIn(where);
      if (wanted(state)) return state;
      if (Date.now() > deadline) throw new Error(`replica state not reached: ${JSON.stringify(state)}`);
      await sleep(100);
    }
  }

  async function onPrimary(text: string): Promise<void> {
    const client = new pg.Client({ connectionString: primaryUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  }

  async function applyDelay(value: string, url = replicaOwnUrl) {
    if (value === '0') await onReplica('alter system reset recovery_min_apply_delay', url);
    else await onReplica(`alter system set recovery_min_apply_delay = '${value}'`, url);
    await onReplica('select pg_reload_conf()', url);
    for (let i = 0; i < 50; i++) {
      const [row] = await onReplica<{ recovery_min_apply_delay: string }>('show recovery_min_apply_delay', url);
      if (row!.recovery_min_apply_delay === value) break;
      await sleep(50);
    }
    // The startup process reloads on the same signal; give it a moment.
    await sleep(200);
  }

  const get = (app: FastifyInstance, url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  beforeAll(async () => {
    await applyDelay('0', replicaUrl);
    await onPrimary(`drop database if exists ${OWN_DATABASE} with (force)`);
    await onPrimary(`create database ${OWN_DATABASE}`);
    ctx = await createTestApp({
      mailer,
      ownDatabaseUrl: primaryOwnUrl,
      env: { DATABASE_URL: primaryOwnUrl, DATABASE_REPLICA_URLS: replicaOwnUrl, BROWSE_CACHE_MS: '0' },
    });
    await insertCategories(ctx.database.db);
    const owner = await createUser(ctx.database.db, { name: 'Shed Owner' });
    for (const name of ['Hedge trimmer', 'Tile cutter', 'Pressure washer', 'Belt sander'])
      await createItem(ctx.database.db, owner.id, { name, categoryId: 'power-tools' });
    lister = await createSignedInUser(ctx.app, mailer, 'lister@example.com', 'Lena Lister');
    other = await createSignedInUser(ctx.app, mailer, 'other@example.com', 'Omar Other');
    // The schema, its tables and rows reach the replica by streaming like any other change.
    await until(ctx.app, (s) => s.inRotation && s.lagMs === 0, 15_000);
  }, 40_000);

  afterAll(async () => {
    if (runs) await applyDelay('0', replicaUrl).catch(() => undefined);
    for (const child of others) await child.stop();
    await ctx?.close();
    if (runs) await onPrimary(`drop database if exists ${OWN_DATABASE} with (force)`).catch(() => undefined);
  });

  it('serves browse from the replica, seen in its pg_stat_activity', async () => {
    const before = ctx.app.reads.counts().replica;
    const res = await get(ctx.app, '/api/categories/all/items?search=sander');
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as ItemsPage).items.map((i) => i.name)).toContain('Belt sander');
    expect(ctx.app.reads.counts().replica).toBeGreaterThan(before);
    const rows = await onReplica<{ query: string }>(
      "select query from pg_stat_activity where application_name like 'toolshed-replica-%' and datname = current_database()",
    );
    expect(rows.some((r) => /\bitems\b/.test(r.query))).toBe(true);
    const ready = await get(ctx.app, '/api/ready');
    expect(ready.json()).toMatchObject({ ready: true, replicas: [{ name: `127.0.0.1:5433/${OWN_DATABASE}`, inRotation: true, lagMs: 0 }] });
    const metrics = await get(ctx.app, '/metrics');
    expect(metrics.body).toMatch(/toolshed_db_replica_in_rotation\{replica="127\.0\.0\.1:5433\/toolshed_replica_test"\} 1/);
    expect(metrics.body).toMatch(/toolshed_db_replica_lag_seconds\{replica="127\.0\.0\.1:5433\/toolshed_replica_test"\} 0/);
  });

  it('shows a member what they listed at once, while others read the replica still replaying it', async () => {
    // Another process, started first: it knows nothing of the change to come but for the cookie.
    const second = await anotherProcess({});
    await until(second, (s) => s.inRotation && s.lagMs === 0, 10_000);
    await applyDelay('3s');
    try {
      await listAndRead(second);
    } finally {
      await applyDelay('0');
    }
  }, 150_000);

  async function listAndRead(second: ApiProcess) {
    const listed = await ctx.app.inject({
      method: 'POST',
      url: '/api/items',
      headers: { cookie: lister.cookie, origin: ORIGIN },
      payload: {
        name: 'Zebrawood planer',
        description: 'A hand planer for hardwoods.',
        dailyRatePence: 700,
        categoryId: 'power-tools',
        minDays: 1,
        maxDays: 3,
        address: '1 High St',
        city: 'Leeds',
        postcode: 'LS1 1AA',
      },
    });
    expect(listed.statusCode, listed.body).toBe(201);
    const id = (listed.json() as { id: string }).id;
    const readAfter = listed.cookies.find((c) => c.name === READ_AFTER_COOKIE);
    expect(readAfter?.value).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);

    // The lister, at once: their page and their search come from the primary.
    expect((await get(ctx.app, `/api/items/${id}`, lister.cookie)).statusCode).toBe(200);
    const search = await get(ctx.app, '/api/categories/all/items?search=zebrawood', lister.cookie);
    expect((search.json() as ItemsPage).items.map((i) => i.id)).toEqual([id]);
    // Someone else reads the replica, 3 s behind: not there yet.
    expect(replicaState(ctx.app).inRotation).toBe(true);
    expect((await get(ctx.app, `/api/items/${id}`, other.cookie)).statusCode).toBe(404);
    // The other process: with the cookie the lister sees the item, without it not yet.
    expect((await second.get(`/api/items/${id}`, `${lister.cookie}; ${READ_AFTER_COOKIE}=${readAfter!.value}`)).statusCode).toBe(200);
    expect((await second.get(`/api/items/${id}`, lister.cookie)).statusCode).toBe(404);

    // Once replayed, everyone sees it from the replica.
    await applyDelay('0');
    await until(ctx.app, (s) => s.lagMs === 0, 10_000);
    const before = ctx.app.reads.counts().replica;
    expect((await get(ctx.app, `/api/items/${id}`, other.cookie)).statusCode).toBe(200);
    expect(ctx.app.reads.counts().replica).toBeGreaterThan(before);
  }

  it('answers every request while the replica is stopped and started again under load', async () => {
    const port = new URL(replicaUrl!).port || '5432';
    const env = { ...process.env, REPLICA_PORT: port };
    const statuses: number[] = [];
    let loading = true;
    const searches = ['', '?search=sander', '?search=washer', '?sort=newest', '?maxPrice=2000', '?search=tile'];
    const worker = async (n: number) => {
      for (let i = n; loading; i++) {
        const res = await get(ctx.app, `/api/categories/all/items${searches[i % searches.length]}`);
        statuses.push(res.statusCode);
      }
    };
    const startFallbacks = ctx.app.reads.counts().fallback;
    const workers = Array.from({ length: 6 }, (_, n) => worker(n));
    try {
      await sleep(300);
      await run('bash', [script, 'stop'], { env });
      const down = await until(ctx.app, (s) => !s.inRotation, 5_000);
      expect(down.problem).toBeTruthy();
      await sleep(1_000);
      await run('bash', [script, 'start'], { env });
      await until(ctx.app, (s) => s.inRotation, 20_000);
      const back = ctx.app.reads.counts().replica;
      await sleep(500);
      expect(ctx.app.reads.counts().replica).toBeGreaterThan(back);
    } finally {
      loading = false;
      await Promise.all(workers);
    }
    expect(statuses.length).toBeGreaterThan(50);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    // Reads that were on their way to the replica when it stopped were read again from the primary.
    expect(ctx.app.reads.counts().fallback).toBeGreaterThan(startFallbacks);
  }, 45_000);

  it('takes a replica lagging past the bound out of rotation, and reads the primary meanwhile', async () => {
    const strict = await anotherProcess({ DATABASE_REPLICA_MAX_LAG_MS: '1000' });
    await until(strict, (s) => s.inRotation && s.lagMs === 0, 10_000);
    await applyDelay('4s');
    try {
      await lagBehind(strict);
    } finally {
      await applyDelay('0');
    }
    await until(strict, (s) => s.inRotation && s.lagMs === 0, 10_000);
  }, 150_000);

  async function lagBehind(strict: ApiProcess) {
    const owner = await createUser(ctx.database.db, { name: 'Late Owner' });
    const item = await createItem(ctx.database.db, owner.id, { name: 'Lagging leaf blower' });
    const behind = await until(strict, (s) => !s.inRotation, 5_000);
    expect(behind.lagMs).toBeGreaterThan(1_000);
    expect(behind.problem).toMatch(/behind/);
    // The strict process reads the primary and finds the item; the lenient one (5 s bound) still reads the replica.
    expect((await strict.get(`/api/items/${item.id}`)).statusCode).toBe(200);
    expect(replicaState(ctx.app).inRotation).toBe(true);
    expect((await get(ctx.app, `/api/items/${item.id}`)).statusCode).toBe(404);
  }
});
