import type { Executor } from '../../db/database.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';

/** Removes a deleted account's files from the media store (local disk or S3), after the deletion commits. */
export const REMOVE_FILES_JOB = 'account.remove-files';

/** Keys per job: a member with many items and photos gets several jobs, each small enough to retry whole. */
const KEYS_PER_JOB = 200;

interface RemoveFilesPayload {
  keys: string[];
}

/**
 * Removing a file is idempotent on both stores (a missing file is not an error), so a job that
 * failed part-way removes all its keys again on the retry; it tries each key before failing.
 */
export function registerFileRemoval(jobs: JobQueue, storage: FileStorage): void {
  jobs.register<RemoveFilesPayload>(
    REMOVE_FILES_JOB,
    async ({ keys }) => {
      const results = await Promise.allSettled(keys.map((key) => storage.remove(key)));
      const failed = results.filter((r) => r.status === 'rejected').length;
      if (failed > 0) throw new Error(`${failed} of ${keys.length} files could not be removed`);
    },
    { maxAttempts: 10, backoffMs: 60_000 },
  );
}

/** Queues the removal in the deletion's transaction (keyed by the account, so it is queued once). */
export async function enqueueFileRemoval(jobs: JobQueue, tx: Executor, userId: string, keys: readonly string[]): Promise<void> {
  for (let start = 0; start < keys.length; start += KEYS_PER_JOB) {
    const payload: RemoveFilesPayload = { keys: keys.slice(start, start + KEYS_PER_JOB) };
    await jobs.enqueue(REMOVE_FILES_JOB, payload, { key: `${REMOVE_FILES_JOB}:${userId}:${start / KEYS_PER_JOB}` }, tx);
  }
}
