import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../../db/database.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { createJobQueue } from './job-queue.ts';

let database: Database;
let dispose: () => Promise<void>;
beforeAll(async () => ({ database, dispose } = await openTestDatabase()));
afterAll(() => dispose());

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

const waitFor = async (what: string, done: () => boolean, withinMs = 5_000) => {
  const until = performance.now() + withinMs;
  while (!done()) {
    if (performance.now() > until) throw new Error(`${what}: not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

const statusOf = async (key: string) =>
  (await queryRows<{ status: string }>(database.db, sql`select status from jobs where key = ${key}`))[0]?.status;

describe('job lanes', () => {
  it('runs the main lane while every worker of another lane is busy, and that lane no more than its concurrency at once', async () => {
    // Polls every 10 s: whatever runs below was run because it was woken, not because a poll came round.
    const queue = createJobQueue({ db: database.db, pollMs: 10_000 });
    const release = gate();
    const started: number[] = [];
    let running = 0;
    let most = 0;
    queue.register<{ n: number }>(
      'lanes.slow',
      async ({ n }) => {
        started.push(n);
        running += 1;
        most = Math.max(most, running);
        await release.opened;
        running -= 1;
      },
      { lane: { name: 'slow', concurrency: 2 } },
    );
    const quick: number[] = [];
    queue.register<{ n: number }>('lanes.quick', async ({ n }) => void quick.push(n));
    for (let n = 0; n < 5; n += 1) await queue.enqueue('lanes.slow', { n }, { key: `lanes-slow-${n}` });
    queue.start();
    try {
      await waitFor('two slow jobs running', () => running === 2);
      const asked = performance.now();
      await queue.enqueue('lanes.quick', { n: 1 }, { key: 'lanes-quick-1' });
      await waitFor('the quick job', () => quick.length === 1, 1_000);
      expect(performance.now() - asked).toBeLessThan(1_000);
      // Still two slow jobs at once, the others waiting for a worker of their lane.
      expect(started).toHaveLength(2);
      expect(await statusOf('lanes-slow-4')).toBe('queued');
      release.open();
      await waitFor('every slow job', () => started.length === 5 && running === 0);
    } finally {
      release.open();
      await queue.stop();
    }
    expect(most).toBe(2);
    expect(await statusOf('lanes-slow-4')).toBe('done');
  });

  it('runs due jobs of every lane in runDue, with those a job enqueued into another lane', async () => {
    const queue = createJobQueue({ db: database.db });
    const seen: string[] = [];
    queue.register('lanes.first', async () => {
      seen.push('first');
      await queue.enqueue('lanes.second', {}, { key: 'lanes-second' });
    });
    queue.register('lanes.second', async () => void seen.push('second'), { lane: { name: 'other', concurrency: 3 } });
    await queue.enqueue('lanes.first', {}, { key: 'lanes-first' });
    expect(await queue.runDue()).toBe(2);
    expect(seen).toEqual(['first', 'second']);
    expect(await queue.runDue()).toBe(0);
  });

  it('keeps a lane to one concurrency: a second, different one is refused', () => {
    const queue = createJobQueue({ db: database.db });
    queue.register('lanes.a', async () => {}, { lane: { name: 'fetching', concurrency: 3 } });
    expect(() => queue.register('lanes.b', async () => {}, { lane: { name: 'fetching', concurrency: 5 } })).toThrow(
      'Job lane fetching runs 3 at once, not 5',
    );
    expect(() => queue.register('lanes.c', async () => {}, { lane: { name: 'none', concurrency: 0 } })).toThrow(/concurrency of 1 or more/);
  });

  it('wakes a stopped queue for nothing: a job enqueued after stop waits for the next start', async () => {
    const queue = createJobQueue({ db: database.db, pollMs: 10 });
    const ran: string[] = [];
    queue.register('lanes.later', async () => void ran.push('later'), { lane: { name: 'later', concurrency: 1 } });
    queue.start();
    await queue.stop();
    await queue.enqueue('lanes.later', {}, { key: 'lanes-later' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ran).toEqual([]);
    expect(await queue.runDue()).toBe(1);
    expect(ran).toEqual(['later']);
  });
});

describe('job lanes with several processes', () => {
  it('runs each job of a concurrent lane exactly once when two processes poll the same database', async () => {
    if (!process.env.DATABASE_URL) return; // PGlite is one process by design
    const [{ search_path: searchPath }] = (await queryRows<{ search_path: string }>(database.db, sql`show search_path`)) as [
      { search_path: string },
    ];
    const schemaName = searchPath.split(',')[0]!.trim().replaceAll('"', '');
    const second = await openDatabase({ databaseUrl: process.env.DATABASE_URL, schemaName, poolSize: 6 });
    const runs = new Map<number, number>();
    const handler = async ({ n }: { n: number }) => {
      runs.set(n, (runs.get(n) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 3));
    };
    const lane = { name: 'fetches', concurrency: 4 };
    const queueA = createJobQueue({ db: database.db });
    const queueB = createJobQueue({ db: second.db });
    queueA.register('multi.lane', handler, { lane });
    queueB.register('multi.lane', handler, { lane });
    try {
      for (let n = 0; n < 80; n += 1) await queueA.enqueue('multi.lane', { n }, { key: `multi-lane-${n}` });
      const [a, b] = await Promise.all([queueA.runDue(), queueB.runDue()]);
      expect(a + b).toBe(80);
      expect(a).toBeGreaterThan(0);
      expect(b).toBeGreaterThan(0);
    } finally {
      await second.close();
    }
    expect(runs.size).toBe(80);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
  });
});
