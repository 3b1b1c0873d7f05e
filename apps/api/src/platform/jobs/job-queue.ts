import { addDays, londonTimeToInstant, todayInLondon } from '@toolshed/core';
import type { Db, Executor } from '../../db/database.ts';
import { claimJobs, insertJob, markJobDone, markJobFailed, type ClaimedJob } from './job-repository.ts';

export interface JobContext {
  /** The queue's clock at the time the job was claimed. */
  now: Date;
  /** 1 on the first run, 2 on the first retry, ... */
  attempt: number;
  jobId: string;
}

// Payloads are JSON; each handler names its own payload type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JobHandler<P = any> = (payload: P, ctx: JobContext) => Promise<void>;

export interface JobOptions {
  /** Runs before giving up (default 5). */
  maxAttempts?: number;
  /** First retry delay; doubled on each retry up to maxBackoffMs (default 5 s, 1 h). */
  backoffMs?: number;
  maxBackoffMs?: number;
}

export interface EnqueueOptions {
  /** Not before this instant (default: now). */
  runAt?: Date;
  /** At most one job with this key is ever enqueued; later enqueues with it are ignored. */
  key?: string;
  maxAttempts?: number;
}

interface Registered extends Required<JobOptions> {
  handler: JobHandler;
}

interface DailySchedule {
  name: string;
  /** London wall-clock time, 'HH:MM'. */
  at: string;
}

export interface JobQueueOptions {
  db: Db;
  now?: () => Date;
  log?: { error(obj: object, msg: string): void; warn?(obj: object, msg: string): void };
  /** How often the worker looks for due jobs (default 1 s). */
  pollMs?: number;
  /** A job claimed by a process that died is given to another after this long (default 5 min). */
  leaseMs?: number;
  batchSize?: number;
  /** Told of every run of a job: how it ended (retry: failed and will run again) and how long it took (metrics). */
  onRun?: (name: string, outcome: 'done' | 'retry' | 'failed', seconds: number) => void;
  /** Told of a job that failed for good (no attempt left): the error reporter. */
  onGiveUp?: (job: { name: string; id: string; attempt: number }, err: unknown) => void;
  /** Each run of a job runs inside this (tracing: a span around the handler and the queue's own update), which learns how it ended. */
  aroundRun?: (job: { name: string; id: string; attempt: number }, run: () => Promise<JobRunResult>) => Promise<JobRunResult>;
}

/** How one run of a job ended, and its error unless it was done. */
export interface JobRunResult {
  outcome: 'done' | 'retry' | 'failed';
  error?: unknown;
}

/** How late a daily occurrence may still run after a restart (later ones are skipped). */
const DAILY_CATCH_UP_MS = 6 * 3_600_000;

/**
 * A durable job queue in PostgreSQL (decision 010). Jobs are rows: they survive restarts, are
 * claimed with FOR UPDATE SKIP LOCKED so that each runs in one process at a time, retried with
 * exponential backoff, and scheduled by an injectable clock so tests can move time. A job whose
 * process died is claimed again after its lease, so handlers must be idempotent.
 */
export function createJobQueue({
  db,
  now = () => new Date(),
  log,
  pollMs = 1_000,
  leaseMs = 300_000,
  batchSize = 10,
  onRun,
  onGiveUp,
  aroundRun,
}: JobQueueOptions) {
  const handlers = new Map<string, Registered>();
  const daily: DailySchedule[] = [];
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;

  async function enqueue(name: string, payload: unknown = {}, options: EnqueueOptions = {}, executor: Executor = db): Promise<boolean> {
    return insertJob(executor, {
      name,
      payload,
      key: options.key ?? null,
      runAt: options.runAt ?? now(),
      maxAttempts: options.maxAttempts ?? handlers.get(name)?.maxAttempts ?? 5,
    });
  }

  /** Makes sure today's and tomorrow's occurrence of every daily schedule is enqueued. */
  async function enqueueDaily(at: Date): Promise<void> {
    const today = todayInLondon(at);
    for (const s of daily) {
      for (const date of [today, addDays(today, 1)]) {
        const runAt = londonTimeToInstant(date, s.at);
        if (runAt.getTime() < at.getTime() - DAILY_CATCH_UP_MS) continue;
        await enqueue(s.name, { date }, { runAt, key: `${s.name}@${date}` });
      }
    }
  }

  async function claim(at: Date, limit: number): Promise<ClaimedJob[]> {
    const names = [...handlers.keys()];
    if (names.length === 0) return [];
    const lockedUntil = new Date(at.getTime() + leaseMs);
    return claimJobs(db, names, at, lockedUntil, limit);
  }

  async function runOne(job: ClaimedJob, at: Date): Promise<void> {
    if (aroundRun) await aroundRun({ name: job.name, id: job.id, attempt: job.attempts }, () => attempt(job, at));
    else await attempt(job, at);
  }

  async function attempt(job: ClaimedJob, at: Date): Promise<JobRunResult> {
    const registered = handlers.get(job.name)!;
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      await registered.handler(job.payload, { now: at, attempt: job.attempts, jobId: job.id });
      await markJobDone(db, job.id, now());
      onRun?.(job.name, 'done', seconds());
      return { outcome: 'done' };
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const giveUp = job.attempts >= job.maxAttempts;
      const delay = Math.min(registered.backoffMs * 2 ** (job.attempts - 1), registered.maxBackoffMs);
      const failedAt = now();
      const retryAt = new Date(failedAt.getTime() + delay);
      await markJobFailed(db, job.id, { giveUp, error: message.slice(0, 2_000), retryAt, at: failedAt });
      onRun?.(job.name, giveUp ? 'failed' : 'retry', seconds());
      log?.error(
        { job: job.name, jobId: job.id, attempt: job.attempts, giveUp, err: message },
        giveUp ? 'job failed for good' : 'job failed, will retry',
      );
      if (giveUp) onGiveUp?.({ name: job.name, id: job.id, attempt: job.attempts }, err);
      return { outcome: giveUp ? 'failed' : 'retry', error: err };
    }
  }

  /** Runs every job due by the clock, including retries that became due; returns how many ran. */
  async function runDue(maxJobs = 1_000): Promise<number> {
    let ran = 0;
    await enqueueDaily(now());
    while (ran < maxJobs) {
      const at = now();
      const batch = await claim(at, Math.min(batchSize, maxJobs - ran));
      if (batch.length === 0) break;
      for (const job of batch) await runOne(job, at);
      ran += batch.length;
    }
    return ran;
  }

  function tick(): void {
    if (stopped) return;
    running = runDue()
      .catch((err: unknown) => log?.error({ err: err instanceof Error ? err.message : String(err) }, 'job worker could not poll'))
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(tick, pollMs);
      });
  }

  /** Declares what runs a job name. Jobs of names no process has registered wait untouched. */
  function register<P>(name: string, handler: JobHandler<P>, options: JobOptions = {}): void {
    handlers.set(name, {
      handler,
      maxAttempts: options.maxAttempts ?? 5,
      backoffMs: options.backoffMs ?? 5_000,
      maxBackoffMs: options.maxBackoffMs ?? 3_600_000,
    });
  }

  return {
    register,
    /** Runs `name` every day at `at` (London wall clock); its payload is `{ date }`, the London date. */
    daily<P extends { date: string }>(name: string, at: string, handler: JobHandler<P>, options: JobOptions = {}): void {
      londonTimeToInstant('2026-01-01', at); // throws on a malformed time
      register(name, handler, options);
      daily.push({ name, at });
    },
    enqueue,
    runDue,
    /** Starts polling in this process (idempotent). */
    start(): void {
      if (!stopped) return;
      stopped = false;
      timer = setTimeout(tick, 0);
    },
    /** Stops polling and waits for the jobs being run to finish. */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
