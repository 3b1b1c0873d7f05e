import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../db/database.ts';
import { createJobQueue } from '../../platform/jobs/job-queue.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { startS3Server } from '../../test/s3-server.ts';
import { enqueueFileRemoval, registerFileRemoval, REMOVE_FILES_JOB } from './account-files-job.ts';

let database: Database;
let dispose: () => Promise<void>;
beforeAll(async () => ({ database, dispose } = await openTestDatabase()));
afterAll(() => dispose());

/** A media store in memory whose removals of `failing` keys fail until `heal()`. */
function flakyStorage(keys: string[], failing: Set<string>) {
  const files = new Set(keys);
  let broken = true;
  const storage: FileStorage = {
    async put(key) {
      files.add(key);
    },
    async remove(key) {
      if (broken && failing.has(key)) throw new Error('the store did not answer');
      files.delete(key);
    },
    async get() {
      return null;
    },
    url: (key) => `/media/${key}`,
  };
  return { storage, files, heal: () => (broken = false) };
}

describe('removing a deleted account’s files', () => {
  it('runs after the commit in keyed jobs of at most 200 keys, retried until every file is gone', async () => {
    let now = new Date('2026-06-01T10:00:00Z');
    const jobs = createJobQueue({ db: database.db, now: () => now });
    const keys = Array.from({ length: 450 }, (_, i) => `items/item-${i}/${i}-large.webp`);
    const store = flakyStorage(keys, new Set([keys[7]!]));
    registerFileRemoval(jobs, store.storage);

    // Queued inside the deletion's transaction: rolled back with it, nothing is queued.
    await database.db
      .transaction(async (tx) => {
        await enqueueFileRemoval(jobs, tx, 'user-rolled-back', keys);
        throw new Error('the deletion failed');
      })
      .catch(() => undefined);
    await database.db.transaction((tx) => enqueueFileRemoval(jobs, tx, 'user-1', keys));
    // A second enqueue for the same account is ignored: each batch is keyed.
    await database.db.transaction((tx) => enqueueFileRemoval(jobs, tx, 'user-1', keys));
    const queued = await queryRows<{ key: string; n: number }>(
      database.db,
      sql`select key, jsonb_array_length(payload->'keys') as n from jobs where name = ${REMOVE_FILES_JOB} order by key`,
    );
    expect(queued).toEqual([
      { key: `${REMOVE_FILES_JOB}:user-1:0`, n: 200 },
      { key: `${REMOVE_FILES_JOB}:user-1:1`, n: 200 },
      { key: `${REMOVE_FILES_JOB}:user-1:2`, n: 50 },
    ]);

    // The first batch fails on one key (the others in it are removed all the same) and is retried.
    await jobs.runDue();
    expect([...store.files]).toEqual([keys[7]]);
    const failed = await queryRows<{ status: string; attempts: number; last_error: string }>(
      database.db,
      sql`select status, attempts, last_error from jobs where key = ${`${REMOVE_FILES_JOB}:user-1:0`}`,
    );
    expect(failed).toEqual([{ status: 'queued', attempts: 1, last_error: '1 of 200 files could not be removed' }]);

    store.heal();
    now = new Date(now.getTime() + 60_000);
    await jobs.runDue();
    expect(store.files.size).toBe(0);
    const done = await queryRows<{ status: string }>(database.db, sql`select distinct status from jobs where name = ${REMOVE_FILES_JOB}`);
    expect(done).toEqual([{ status: 'done' }]);
  });

  it('removes them from an S3 bucket through the same storage interface', async () => {
    const s3 = await startS3Server();
    try {
      const storage = s3.storage();
      const jobs = createJobQueue({ db: database.db });
      registerFileRemoval(jobs, storage);
      const keys = ['avatars/user-2/a-thumb.webp', 'private/handovers/r-1/p-large.webp', 'private/handovers/r-1/p-thumb.webp'];
      for (const key of keys) await storage.put(key, Buffer.from(key));
      await storage.put('items/someone-else/x-large.webp', Buffer.from('kept'));
      await database.db.transaction((tx) => enqueueFileRemoval(jobs, tx, 'user-2', keys));
      await jobs.runDue();
      for (const key of keys) expect(await storage.get(key), key).toBeNull();
      expect(await storage.get('items/someone-else/x-large.webp')).not.toBeNull();
    } finally {
      await s3.close();
    }
  });
});
