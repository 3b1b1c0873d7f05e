import type { Db } from '../../db/database.ts';
import type { JobFailure } from './job-failure.ts';

/** What the job queue is told and answers: its handlers, options and lanes. */
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
  /**
   * The lane whose worker runs it (default: the main lane, one job at a time in the order they
   * fall due). Each lane claims only its own jobs and polls on its own, so jobs that may take
   * seconds (fetching owners' calendars) never hold up the others (emails, captures, expiries).
   * Every job of a lane must name it with the same concurrency.
   */
  lane?: JobLane;
}

/** A lane of jobs with a worker of its own, running up to `concurrency` of them at once. */
export interface JobLane {
  name: string;
  concurrency: number;
}

export interface EnqueueOptions {
  /** Not before this instant (default: now). */
  runAt?: Date;
  /** At most one job with this key is ever enqueued; later enqueues with it are ignored. */
  key?: string;
  maxAttempts?: number;
}

export interface Registered extends Required<Omit<JobOptions, 'lane'>> {
  handler: JobHandler;
  lane: string;
}

/** A lane's worker: its concurrency, how many jobs each claim takes, and its polling. */
export interface LaneState {
  name: string;
  concurrency: number;
  batch: number;
  timer: NodeJS.Timeout | undefined;
  running: Promise<unknown> | undefined;
  /** Asked to look again while it was running (a job enqueued meanwhile): it polls at once when done. */
  again: boolean;
}

export interface DailySchedule {
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
  /** Told of a job that failed for good (no attempt left): the error reporter. `failure` is what the queue kept of it. */
  onGiveUp?: (job: { name: string; id: string; attempt: number }, err: unknown, failure: JobFailure) => void;
  /** Each run of a job runs inside this (tracing: a span around the handler and the queue's own update), which learns how it ended. */
  aroundRun?: (job: { name: string; id: string; attempt: number }, run: () => Promise<JobRunResult>) => Promise<JobRunResult>;
}

/** How one run of a job ended, and its error unless it was done. */
export interface JobRunResult {
  outcome: 'done' | 'retry' | 'failed';
  error?: unknown;
}
