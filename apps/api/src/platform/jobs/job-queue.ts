import { addDays, londonTimeToInstant, todayInLondon } from '@toolshed/core';
import type { Executor } from '../../db/database.ts';
import { failureLine, jobFailure } from './job-failure.ts';
import { claimJobs, insertJob, insertJobs, markJobDone, markJobFailed, type ClaimedJob } from './job-repository.ts';
import type {
  DailySchedule,
  EnqueueOptions,
  JobHandler,
  JobOptions,
  JobQueueOptions,
  JobRunResult,
  LaneState,
  Registered,
} from './job-types.ts';

export type { JobContext, JobLane, JobOptions, JobQueueOptions } from './job-types.ts';

/** The lane of every job registered without one: one job at a time, claimed in batches. */
const MAIN_LANE = 'main';

/** How late a daily occurrence may still run after a restart (later ones are skipped). */
const DAILY_CATCH_UP_MS = 6 * 3_600_000;

/**
 * A durable job queue in PostgreSQL (decision 010). Jobs are rows: they survive restarts, are
 * claimed with FOR UPDATE SKIP LOCKED so that each runs in one process at a time, retried with
 * exponential backoff, and scheduled by an injectable clock so tests can move time. A job whose
 * process died is claimed again after its lease, so handlers must be idempotent. Jobs run in lanes
 * (`JobOptions.lane`): each lane's worker claims only its own jobs, so a slow lane delays no other.
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
  const newLane = (name: string, concurrency: number, batch: number): LaneState => ({
    name,
    concurrency,
    batch,
    timer: undefined,
    running: undefined,
    again: false,
  });
  const lanes = new Map<string, LaneState>([[MAIN_LANE, newLane(MAIN_LANE, 1, batchSize)]]);
  let stopped = true;

  async function enqueue(name: string, payload: unknown = {}, options: EnqueueOptions = {}, executor: Executor = db): Promise<boolean> {
    const runAt = options.runAt ?? now();
    const added = await insertJob(executor, {
      name,
      payload,
      key: options.key ?? null,
      runAt,
      maxAttempts: options.maxAttempts ?? handlers.get(name)?.maxAttempts ?? 5,
    });
    // Written outside a transaction, the job is there for the claim now: its lane need not wait for
    // its next poll. (Inside one, it exists only once the caller commits; the poll finds it then.)
    const lane = handlers.get(name)?.lane;
    if (added && executor === db && lane && runAt.getTime() <= now().getTime()) wake(lanes.get(lane)!);
    return added;
  }

  /** Many jobs of one name in one statement (each keyed as `enqueue`'s); how many were added. */
  async function enqueueMany(
    name: string,
    list: ReadonlyArray<{ payload: unknown; key?: string }>,
    executor: Executor = db,
  ): Promise<number> {
    const runAt = now();
    const maxAttempts = handlers.get(name)?.maxAttempts ?? 5;
    const added = await insertJobs(
      executor,
      list.map((j) => ({ name, payload: j.payload, key: j.key ?? null, runAt, maxAttempts })),
    );
    const lane = handlers.get(name)?.lane;
    if (added > 0 && executor === db && lane) wake(lanes.get(lane)!);
    return added;
  }

  /**
   * Makes sure today's and tomorrow's occurrence of every daily schedule is enqueued. An occurrence
   * this worker has seen in the table (added now or there already) is not asked for again at every
   * poll; the memory starts afresh each day and at each start.
   */
  const dailyKeysSeen = new Set<string>();
  let dailyKeysDay = '';
  async function enqueueDaily(at: Date): Promise<void> {
    const today = todayInLondon(at);
    if (today !== dailyKeysDay) {
      dailyKeysSeen.clear();
      dailyKeysDay = today;
    }
    for (const s of daily) {
      for (const date of [today, addDays(today, 1)]) {
        const key = `${s.name}@${date}`;
        if (dailyKeysSeen.has(key)) continue;
        const runAt = londonTimeToInstant(date, s.at);
        if (runAt.getTime() < at.getTime() - DAILY_CATCH_UP_MS) continue;
        await enqueue(s.name, { date }, { runAt, key });
        dailyKeysSeen.add(key);
      }
    }
  }

  async function claim(lane: LaneState, at: Date, limit: number): Promise<ClaimedJob[]> {
    const names = [...handlers].filter(([, r]) => r.lane === lane.name).map(([name]) => name);
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
      const failure = jobFailure(err);
      const giveUp = job.attempts >= job.maxAttempts;
      const delay = Math.min(registered.backoffMs * 2 ** (job.attempts - 1), registered.maxBackoffMs);
      const failedAt = now();
      const retryAt = new Date(failedAt.getTime() + delay);
      await markJobFailed(db, job.id, { giveUp, error: failureLine(failure), retryAt, at: failedAt });
      onRun?.(job.name, giveUp ? 'failed' : 'retry', seconds());
      log?.error(
        { job: job.name, jobId: job.id, attempt: job.attempts, giveUp, failure },
        giveUp ? 'job failed for good' : 'job failed, will retry',
      );
      if (giveUp) onGiveUp?.({ name: job.name, id: job.id, attempt: job.attempts }, err, failure);
      return { outcome: giveUp ? 'failed' : 'retry', error: err };
    }
  }

  /**
   * Runs the lane's due jobs until none is left, `budget` runs at most (shared with other lanes),
   * with `concurrency` workers each claiming and running its own; stops claiming once `going()` is
   * false. Returns how many ran.
   */
  async function drain(lane: LaneState, budget: { left: number }, going: () => boolean): Promise<number> {
    let ran = 0;
    const worker = async () => {
      while (budget.left > 0 && going()) {
        const at = now();
        const limit = Math.min(lane.batch, budget.left);
        budget.left -= limit;
        const batch = await claim(lane, at, limit);
        budget.left += limit - batch.length;
        if (batch.length === 0) return;
        for (const job of batch) await runOne(job, at);
        ran += batch.length;
      }
    };
    await Promise.all(Array.from({ length: lane.concurrency }, worker));
    return ran;
  }

  /**
   * Runs every job due by the clock in every lane, including retries that became due and jobs the
   * ones run enqueued (into any lane); returns how many ran. Tests call this instead of waiting.
   */
  async function runDue(maxJobs = 1_000): Promise<number> {
    await enqueueDaily(now());
    const budget = { left: maxJobs };
    let total = 0;
    for (;;) {
      const ran = (await Promise.all([...lanes.values()].map((lane) => drain(lane, budget, () => true)))).reduce((a, b) => a + b, 0);
      total += ran;
      if (ran === 0 || budget.left <= 0) return total;
    }
  }

  /** One poll of a lane's worker: its due jobs, then the next poll after `pollMs` (at once when woken meanwhile). */
  function tick(lane: LaneState): void {
    lane.timer = undefined;
    if (stopped) return;
    lane.again = false;
    lane.running = (async () => {
      // The main lane keeps the daily schedules' occurrences enqueued.
      if (lane.name === MAIN_LANE) await enqueueDaily(now());
      await drain(lane, { left: 1_000 }, () => !stopped);
    })()
      .catch((err: unknown) => log?.error({ lane: lane.name, failure: jobFailure(err) }, 'job worker could not poll'))
      .finally(() => {
        lane.running = undefined;
        if (!stopped) lane.timer = setTimeout(() => tick(lane), lane.again ? 0 : pollMs);
      });
  }

  /** Asks a lane's worker to poll now rather than at its next poll. */
  function wake(lane: LaneState): void {
    if (stopped) return;
    if (lane.running) lane.again = true;
    else if (lane.timer) {
      clearTimeout(lane.timer);
      lane.timer = setTimeout(() => tick(lane), 0);
    }
  }

  /** Declares what runs a job name. Jobs of names no process has registered wait untouched. */
  function register<P>(name: string, handler: JobHandler<P>, options: JobOptions = {}): void {
    const lane = options.lane ?? { name: MAIN_LANE, concurrency: 1 };
    const known = lanes.get(lane.name);
    if (known && known.concurrency !== lane.concurrency) {
      throw new Error(`Job lane ${lane.name} runs ${known.concurrency} at once, not ${lane.concurrency}`);
    }
    if (!Number.isInteger(lane.concurrency) || lane.concurrency < 1)
      throw new Error(`Job lane ${lane.name} needs a concurrency of 1 or more`);
    handlers.set(name, {
      handler,
      lane: lane.name,
      maxAttempts: options.maxAttempts ?? 5,
      backoffMs: options.backoffMs ?? 5_000,
      maxBackoffMs: options.maxBackoffMs ?? 3_600_000,
    });
    if (!known) {
      // Each of its workers claims one job at a time, so a slow one never holds back jobs claimed with it.
      const added = newLane(lane.name, lane.concurrency, 1);
      lanes.set(lane.name, added);
      if (!stopped) added.timer = setTimeout(() => tick(added), 0);
    }
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
    enqueueMany,
    runDue,
    /** Starts polling in this process, one worker per lane (idempotent). */
    start(): void {
      if (!stopped) return;
      stopped = false;
      for (const lane of lanes.values()) lane.timer = setTimeout(() => tick(lane), 0);
    },
    /** Stops polling and waits for the jobs being run to finish. */
    async stop(): Promise<void> {
      stopped = true;
      for (const lane of lanes.values()) {
        if (lane.timer) clearTimeout(lane.timer);
        lane.timer = undefined;
      }
      await Promise.all([...lanes.values()].map((lane) => lane.running));
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
