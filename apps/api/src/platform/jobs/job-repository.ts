import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { queryRows, type Db, type Executor } from '../../db/database.ts';
import { toInt, toIsoTimestamp } from '../../db/row-values.ts';
import { jobs } from '../../db/schema.ts';

/** A job a worker has just claimed: its attempt count already includes this run. */
export interface ClaimedJob {
  id: string;
  name: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
}

export interface NewJob {
  name: string;
  payload: unknown;
  key: string | null;
  runAt: Date;
  maxAttempts: number;
}

/**
 * Adds a job unless one with its key was ever enqueued; true when it was added. Runs on the
 * executor given, so a job enqueued inside a transaction exists only if that transaction commits.
 */
export async function insertJob(executor: Executor, job: NewJob): Promise<boolean> {
  const rows = await executor
    .insert(jobs)
    .values({ name: job.name, payload: job.payload as object, key: job.key, runAt: job.runAt, maxAttempts: job.maxAttempts })
    .onConflictDoNothing({ target: jobs.key })
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Adds many jobs in one statement, each unless its key was ever enqueued; how many were added. */
export async function insertJobs(executor: Executor, list: readonly NewJob[]): Promise<number> {
  if (list.length === 0) return 0;
  const rows = await executor
    .insert(jobs)
    .values(
      list.map((job) => ({ name: job.name, payload: job.payload as object, key: job.key, runAt: job.runAt, maxAttempts: job.maxAttempts })),
    )
    .onConflictDoNothing({ target: jobs.key })
    .returning({ id: jobs.id });
  return rows.length;
}

/**
 * Claims up to `limit` jobs of these names, oldest due first: queued ones whose time has come, and
 * running ones whose lease ran out (their process died). Each is marked running until `lockedUntil`.
 * SQL, because the claim is one statement that locks the rows it picks with `for update skip locked`
 * (two workers never pick the same job, and neither waits for the other) and updates them.
 */
export async function claimJobs(db: Db, names: string[], at: Date, lockedUntil: Date, limit: number): Promise<ClaimedJob[]> {
  const rows = await queryRows<{
    id: string;
    name: string;
    payload: unknown;
    attempts: unknown;
    max_attempts: unknown;
    run_at: unknown;
    created_at: unknown;
  }>(
    db,
    sql`update jobs set status = 'running', attempts = attempts + 1, locked_until = ${lockedUntil.toISOString()}, updated_at = ${at.toISOString()}
        where id in (
          select id from jobs
          where name in (${sql.join(
            names.map((n) => sql`${n}`),
            sql`, `,
          )})
            and ((status = 'queued' and run_at <= ${at.toISOString()}) or (status = 'running' and locked_until < ${at.toISOString()}))
          order by run_at, created_at
          limit ${limit}
          for update skip locked)
        returning id, name, payload, attempts, max_attempts, run_at, created_at`,
  );
  // RETURNING gives the rows in the order the update met them, not the sub-select's: the batch is
  // run in the order the jobs were due (a message's notice before the email planned after it).
  const when = (value: unknown, column: string) => Date.parse(toIsoTimestamp(value, column));
  rows.sort(
    (a, b) =>
      when(a.run_at, 'run_at') - when(b.run_at, 'run_at') ||
      when(a.created_at, 'created_at') - when(b.created_at, 'created_at') ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    payload: row.payload,
    attempts: toInt(row.attempts, 'attempts'),
    maxAttempts: toInt(row.max_attempts, 'max_attempts'),
  }));
}

/** Records a run that succeeded. */
export async function markJobDone(db: Db, id: string, at: Date): Promise<void> {
  await db.update(jobs).set({ status: 'done', lockedUntil: null, finishedAt: at, updatedAt: at }).where(eq(jobs.id, id));
}

/** Records a run that failed: queued again for `retryAt`, or failed for good when `giveUp`. */
export async function markJobFailed(
  db: Db,
  id: string,
  failure: { giveUp: boolean; error: string; retryAt: Date; at: Date },
): Promise<void> {
  await db
    .update(jobs)
    .set({
      status: failure.giveUp ? 'failed' : 'queued',
      lockedUntil: null,
      lastError: failure.error,
      runAt: failure.retryAt,
      updatedAt: failure.at,
      finishedAt: failure.giveUp ? failure.at : null,
    })
    .where(eq(jobs.id, id));
}

/** Removes jobs that finished (done or failed) before `before`; their keys become free again. */
export async function deleteFinishedJobs(db: Db, before: Date): Promise<void> {
  await db.delete(jobs).where(and(inArray(jobs.status, ['done', 'failed']), lt(jobs.finishedAt, before)));
}
