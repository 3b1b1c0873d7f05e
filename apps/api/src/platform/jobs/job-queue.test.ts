import { openAsBlob } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../../db/database.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { createEventBus } from '../events/domain-events.ts';
import { createJobQueue } from './job-queue.ts';

/** A clock the test moves by hand. */
function manualClock(start: string) {
  let t = new Date(start).getTime();
  return { now: () => new Date(t), advance: (ms: number) => (t += ms), set: (iso: string) => (t = new Date(iso).getTime()) };
}

let database: Database;
let dispose: () => Promise<void>;
beforeAll(async () => ({ database, dispose } = await openTestDatabase()));
afterAll(() => dispose());

const jobStatus = async (key: string) =>
  (await queryRows<{ status: string; attempts: number }>(database.db, sql`select status, attempts from jobs where key = ${key}`))[0];

describe('the job queue', () => {
  it('runs a job once, and a second enqueue with the same key is ignored', async () => {
    const clock = manualClock('2026-06-01T10:00:00Z');
    const queue = createJobQueue({ db: database.db, now: clock.now });
    const seen: string[] = [];
    queue.register<{ word: string }>('once.echo', async ({ word }) => void seen.push(word));
    expect(await queue.enqueue('once.echo', { word: 'hello' }, { key: 'once-1' })).toBe(true);
    expect(await queue.enqueue('once.echo', { word: 'again' }, { key: 'once-1' })).toBe(false);
    expect(await queue.runDue()).toBe(1);
    expect(await queue.runDue()).toBe(0);
    expect(seen).toEqual(['hello']);
    expect(await jobStatus('once-1')).toEqual({ status: 'done', attempts: 1 });
  });

  it('runs the jobs of one batch in the order they were due, whatever order they were written in', async () => {
    const clock = manualClock('2026-06-01T12:00:00Z');
    const queue = createJobQueue({ db: database.db, now: clock.now });
    const seen: number[] = [];
    queue.register<{ n: number }>('order.echo', async ({ n }) => void seen.push(n));
    // Written latest first: the table holds them in the reverse of the order they fall due.
    for (let n = 20; n >= 1; n -= 1) {
      await queue.enqueue('order.echo', { n }, { key: `order-${n}`, runAt: new Date(clock.now().getTime() + n * 1_000) });
    }
    clock.advance(60_000);
    expect(await queue.runDue()).toBe(20);
    expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('retries a failed job with backoff, then gives up after its attempts', async () => {
    const clock = manualClock('2026-06-02T10:00:00Z');
    const queue = createJobQueue({ db: database.db, now: clock.now });
    let calls = 0;
    queue.register(
      'retry.flaky',
      async () => {
        calls += 1;
        if (calls < 3) throw new Error(`failure ${calls}`);
      },
      { backoffMs: 1_000 },
    );
    await queue.enqueue('retry.flaky', {}, { key: 'flaky-1' });
    expect(await queue.runDue()).toBe(1);
    expect(await jobStatus('flaky-1')).toEqual({ status: 'queued', attempts: 1 });
    expect(await queue.runDue()).toBe(0); // not due before its backoff
    clock.advance(1_000);
    expect(await queue.runDue()).toBe(1);
    clock.advance(1_999);
    expect(await queue.runDue()).toBe(0); // the second delay is doubled
    clock.advance(1);
    expect(await queue.runDue()).toBe(1);
    expect(await jobStatus('flaky-1')).toEqual({ status: 'done', attempts: 3 });

    queue.register(
      'retry.hopeless',
      async () => {
        throw new Error('never works');
      },
      { maxAttempts: 2, backoffMs: 10 },
    );
    await queue.enqueue('retry.hopeless', {}, { key: 'hopeless-1' });
    await queue.runDue();
    clock.advance(10);
    await queue.runDue();
    clock.advance(60_000);
    expect(await queue.runDue()).toBe(0);
    const [row] = await queryRows<{ status: string; last_error: string }>(
      database.db,
      sql`select status, last_error from jobs where key = 'hopeless-1'`,
    );
    expect(row).toEqual({ status: 'failed', last_error: 'never works' });
  });

  it('runs a scheduled job only when the clock passes its time', async () => {
    const clock = manualClock('2026-06-03T10:00:00Z');
    const queue = createJobQueue({ db: database.db, now: clock.now });
    const ran: string[] = [];
    queue.register('later.ping', async (_p, ctx) => void ran.push(ctx.now.toISOString()));
    await queue.enqueue('later.ping', {}, { key: 'later-1', runAt: new Date('2026-06-03T12:00:00Z') });
    clock.set('2026-06-03T11:59:59Z');
    expect(await queue.runDue()).toBe(0);
    clock.set('2026-06-03T12:00:00Z');
    expect(await queue.runDue()).toBe(1);
    expect(ran).toEqual(['2026-06-03T12:00:00.000Z']);
  });

  it('runs a daily job once a day at its London time, across a clock change', async () => {
    const clock = manualClock('2026-10-24T07:00:00Z'); // 08:00 in London (summer time)
    const queue = createJobQueue({ db: database.db, now: clock.now });
    const dates: string[] = [];
    queue.daily<{ date: string }>('daily.digest', '09:00', async ({ date }) => void dates.push(date));
    expect(await queue.runDue()).toBe(0);
    clock.set('2026-10-24T08:00:00Z'); // 09:00 BST
    expect(await queue.runDue()).toBe(1);
    expect(await queue.runDue()).toBe(0);
    clock.set('2026-10-25T08:30:00Z'); // 08:30 GMT: the clocks went back overnight
    expect(await queue.runDue()).toBe(0);
    clock.set('2026-10-25T09:00:00Z'); // 09:00 GMT
    expect(await queue.runDue()).toBe(1);
    expect(dates).toEqual(['2026-10-24', '2026-10-25']);
  });

  it('hands a job whose process died to another after its lease', async () => {
    const clock = manualClock('2026-06-04T10:00:00Z');
    const dead = createJobQueue({ db: database.db, now: clock.now, leaseMs: 60_000 });
    dead.register('lease.work', async () => {
      throw new Error('unreachable');
    });
    await dead.enqueue('lease.work', {}, { key: 'lease-1' });
    // Claimed by a process that then vanished: status running, lease set.
    await database.db.execute(
      sql`update jobs set status = 'running', attempts = 1, locked_until = ${new Date('2026-06-04T10:01:00Z').toISOString()} where key = 'lease-1'`,
    );
    const alive = createJobQueue({ db: database.db, now: clock.now, leaseMs: 60_000 });
    let done = 0;
    alive.register('lease.work', async () => void (done += 1));
    expect(await alive.runDue()).toBe(0);
    clock.advance(61_000);
    expect(await alive.runDue()).toBe(1);
    expect(done).toBe(1);
    expect(await jobStatus('lease-1')).toEqual({ status: 'done', attempts: 2 });
  });

  it('delivers an event to each subscriber once, and only if its transaction commits', async () => {
    const queue = createJobQueue({ db: database.db });
    const bus = createEventBus(queue);
    const got: string[] = [];
    bus.subscribe('rental.returned', 'test-a', async (e) => void got.push(`a:${e.rentalId}`));
    bus.subscribe('rental.returned', 'test-b', async (e) => void got.push(`b:${e.rentalId}`));
    const event = { type: 'rental.returned', rentalId: 'r1', itemId: 'i', renterId: 'u1', ownerId: 'u2' } as const;
    await database.db.transaction(async (tx) => {
      await bus.publish(tx, event, 'evt-1');
      await bus.publish(tx, event, 'evt-1');
    });
    await database.db
      .transaction(async (tx) => {
        await bus.publish(tx, { ...event, rentalId: 'r2' }, 'evt-2');
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await queue.runDue();
    expect(got.sort()).toEqual(['a:r1', 'b:r1']);
  });
});

describe('the job queue across a restart', () => {
  it('keeps a queued job when the process stops and runs it after it starts again', async () => {
    if (process.env.DATABASE_URL) return; // the server case is the same rows; this checks PGlite's files
    const dir = await mkdtemp(path.join(os.tmpdir(), 'toolshed-jobs-'));
    try {
      // From the run's migrated template (global-setup.ts): migrating 50-odd migrations into files
      // afresh took half a minute on a busy machine, and what is tested is the restart.
      const template = inject('pgliteTemplate');
      if (!template) throw new Error('the migrated PGlite template is missing (global-setup.ts)');
      const first = await openDatabase({ pgliteDir: dir, pgliteLoadDataDir: await openAsBlob(template) });
      await first.migrate();
      const before = createJobQueue({ db: first.db });
      await before.enqueue('restart.job', { n: 7 }, { key: 'restart-1' });
      await first.close();

      const second = await openDatabase({ pgliteDir: dir });
      const after = createJobQueue({ db: second.db });
      const seen: number[] = [];
      after.register<{ n: number }>('restart.job', async ({ n }) => void seen.push(n));
      expect(await after.runDue()).toBe(1);
      expect(seen).toEqual([7]);
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the job queue with several processes', () => {
  it('runs each job exactly once when two workers poll the same database at once', async () => {
    if (!process.env.DATABASE_URL) return; // PGlite is one process by design
    const queueA = createJobQueue({ db: database.db, batchSize: 3 });
    // The second "process" is a second connection pool on the same schema.
    const [{ search_path: searchPath }] = (await queryRows<{ search_path: string }>(database.db, sql`show search_path`)) as [
      { search_path: string },
    ];
    const schemaName = searchPath.split(',')[0]!.trim().replaceAll('"', '');
    const second = await openDatabase({ databaseUrl: process.env.DATABASE_URL, schemaName, poolSize: 4 });
    const queueB = createJobQueue({ db: second.db, batchSize: 3 });
    const runs = new Map<number, number>();
    const handler = async ({ n }: { n: number }) => {
      runs.set(n, (runs.get(n) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 2));
    };
    queueA.register('multi.job', handler);
    queueB.register('multi.job', handler);
    for (let n = 0; n < 60; n++) await queueA.enqueue('multi.job', { n }, { key: `multi-${n}` });
    const [a, b] = await Promise.all([queueA.runDue(), queueB.runDue()]);
    await second.close();
    expect(a + b).toBe(60);
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect(runs.size).toBe(60);
  });
});
