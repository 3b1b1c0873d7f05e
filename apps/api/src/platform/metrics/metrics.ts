import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { AppError } from '@toolshed/core';
import type { Database } from '../../db/database.ts';
import type { BuildInfo } from '../lifecycle/build-info.ts';
import type { ReadRouting } from '../replicas/read-routing.ts';
import { countBookingsByState, countJobsByName, sumPaymentsByStatus } from './metrics-repository.ts';

/** What a job run ended in, as the queue reports it (platform/jobs). */
export type JobOutcome = 'done' | 'retry' | 'failed';

export interface Metrics {
  registry: Registry;
  /** For the job queue's `onRun`: one run of a job, how it ended and how long it took. */
  jobRun(name: string, outcome: JobOutcome, seconds: number): void;
}

export interface MetricsOptions {
  database: Database;
  /** METRICS_TOKEN: when set, a scrape must send `Authorization: Bearer <token>`. */
  token: string | undefined;
  /** Reported as `toolshed_build_info`. */
  build: BuildInfo;
  now?: () => Date;
  /** Read replicas: each one's state and lag, and the reads they served. */
  replicas?: ReadRouting;
}

/** Route patterns for requests that matched no route (the web app's client-side pages, unknown addresses). */
const UNMATCHED = '(unmatched)';

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/**
 * Prometheus metrics for this process, on `GET /metrics` (hidden from the OpenAPI document, logged at
 * debug like the health checks). Requests are counted and timed by method, route pattern (never the
 * raw URL) and status; 429s are counted apart. The job queue, bookings and payments are read from
 * the database at scrape time, so they are the deployment's figures, the same on every process (use
 * `max` across processes, not `sum`); connection pools and the Node.js runtime are this process's.
 */
export function registerMetrics(
  app: FastifyInstance,
  { database, token, build, now = () => new Date(), replicas }: MetricsOptions,
): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // The usual Prometheus idiom: always 1, the labels say which build answers (join on it in queries).
  new Gauge({
    name: 'toolshed_build_info',
    help: 'Always 1; the version, commit and Node.js version of this process',
    labelNames: ['version', 'commit', 'node'],
    registers: [registry],
  }).set({ version: build.version, commit: build.commit ?? 'unknown', node: build.node }, 1);

  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method, route pattern and status',
    labelNames,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const refused = new Counter({
    name: 'toolshed_rate_limited_total',
    help: 'Requests refused by a rate limit (429), by method and route pattern',
    labelNames: ['method', 'route'],
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'toolshed_job_runs_total',
    help: 'Job runs in this process, by job name and outcome (done, retry: failed and will run again, failed: gave up)',
    labelNames: ['name', 'outcome'],
    registers: [registry],
  });
  const jobSeconds = new Histogram({
    name: 'toolshed_job_run_duration_seconds',
    help: 'How long job runs took in this process, by job name',
    labelNames: ['name'],
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60],
    registers: [registry],
  });

  // Read from the database at scrape time.
  const jobsQueued = new Gauge({
    name: 'toolshed_jobs_queued',
    help: 'Jobs waiting to run (due or not yet), by job name',
    labelNames: ['name'],
    registers: [registry],
  });
  const jobsDue = new Gauge({
    name: 'toolshed_jobs_due',
    help: 'Jobs whose time has come and that no worker has claimed yet, by job name',
    labelNames: ['name'],
    registers: [registry],
  });
  const jobsRunning = new Gauge({
    name: 'toolshed_jobs_running',
    help: 'Jobs claimed by a worker, by job name',
    labelNames: ['name'],
    registers: [registry],
  });
  const jobsFailed = new Gauge({
    name: 'toolshed_jobs_failed',
    help: 'Jobs that gave up after their last attempt (kept until housekeeping removes them), by job name',
    labelNames: ['name'],
    registers: [registry],
  });
  const oldestDue = new Gauge({
    name: 'toolshed_jobs_oldest_due_age_seconds',
    help: 'How long the oldest due job has been waiting (0 when none is due)',
    registers: [registry],
  });
  const bookings = new Gauge({
    name: 'toolshed_bookings',
    help: 'Rentals ever booked, by state (open, returned, cancelled)',
    labelNames: ['state'],
    registers: [registry],
  });
  const payments = new Gauge({
    name: 'toolshed_payments',
    help: 'Card payments, by status',
    labelNames: ['status'],
    registers: [registry],
  });
  const paymentsPence = new Gauge({
    name: 'toolshed_payments_amount_pence',
    help: 'Sum of card payments in pence, by status',
    labelNames: ['status'],
    registers: [registry],
  });
  const databaseUp = new Gauge({
    name: 'toolshed_metrics_database_up',
    help: '1 when the scrape could read the database figures, 0 otherwise',
    registers: [registry],
  });

  // Connections of this process (PostgreSQL server only; the embedded database has no pool).
  if (database.kind === 'postgres') {
    const poolLabels = ['pool'] as const;
    const gauge = (name: string, help: string, pick: (p: ReturnType<Database['pools']>[number]) => number) =>
      new Gauge({
        name,
        help,
        labelNames: poolLabels,
        registers: [registry],
        collect() {
          for (const p of database.pools()) this.set({ pool: p.name }, pick(p));
        },
      });
    gauge('toolshed_db_pool_connections', 'Open connections, by pool (main, prepared)', (p) => p.total);
    gauge('toolshed_db_pool_idle_connections', 'Open connections not in use, by pool', (p) => p.idle);
    gauge('toolshed_db_pool_waiting_requests', 'Queries waiting for a connection, by pool', (p) => p.waiting);
    gauge('toolshed_db_pool_max_connections', 'The most connections a pool opens', (p) => p.max);
    // Each statement prepared costs a plan (and its memory) on the server: a rising count of
    // deallocations means DATABASE_PREPARED_STATEMENTS is too small for the shapes browsed.
    new Gauge({
      name: 'toolshed_db_prepared_statements',
      help: 'Prepared-read statements: kept on the connections now; prepared on first use, planned ahead at start and deallocated since start',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const figures = database.preparedStatements?.();
        if (figures) for (const state of ['kept', 'prepared', 'warmed', 'deallocated'] as const) this.set({ state }, figures[state]);
      },
    });
  }

  if (replicas?.replicated) {
    new Gauge({
      name: 'toolshed_db_replica_in_rotation',
      help: '1 when a read replica serves reads, 0 when it is out of rotation (not answering, not a standby, or lagging past DATABASE_REPLICA_MAX_LAG_MS)',
      labelNames: ['replica'],
      registers: [registry],
      collect() {
        for (const r of replicas.states()) this.set({ replica: r.name }, r.inRotation ? 1 : 0);
      },
    });
    new Gauge({
      name: 'toolshed_db_replica_lag_seconds',
      help: 'How far behind the primary a read replica was at its last check (-1: unknown)',
      labelNames: ['replica'],
      registers: [registry],
      collect() {
        for (const r of replicas.states()) this.set({ replica: r.name }, r.lagMs === null ? -1 : r.lagMs / 1000);
      },
    });
    new Gauge({
      name: 'toolshed_db_replica_reads',
      help: 'Routed reads since start: served by a replica, or read again from the primary after a replica failed (fallback)',
      labelNames: ['outcome'],
      registers: [registry],
      collect() {
        const { replica, fallback } = replicas.counts();
        this.set({ outcome: 'replica' }, replica);
        this.set({ outcome: 'fallback' }, fallback);
      },
    });
    new Gauge({
      name: 'toolshed_db_replica_pool_connections',
      help: 'Open connections to each read replica, by pool (main, prepared)',
      labelNames: ['replica', 'pool'],
      registers: [registry],
      collect() {
        for (const p of replicas.pools()) this.set({ replica: p.replica, pool: p.pool }, p.total);
      },
    });
  }

  async function readDatabase(): Promise<void> {
    const jobRows = await countJobsByName(database.db, now());
    for (const g of [jobsQueued, jobsDue, jobsRunning, jobsFailed]) g.reset();
    let oldest = 0;
    for (const row of jobRows) {
      jobsQueued.set({ name: row.name }, row.queued);
      jobsDue.set({ name: row.name }, row.due);
      jobsRunning.set({ name: row.name }, row.running);
      jobsFailed.set({ name: row.name }, row.failed);
      oldest = Math.max(oldest, row.oldestDueSeconds ?? 0);
    }
    oldestDue.set(oldest);

    const bookingCounts = await countBookingsByState(database.db);
    for (const state of ['open', 'returned', 'cancelled'] as const) bookings.set({ state }, bookingCounts[state]);
    const paymentRows = await sumPaymentsByStatus(database.db);
    payments.reset();
    paymentsPence.reset();
    for (const row of paymentRows) {
      payments.set({ status: row.status }, row.count);
      paymentsPence.set({ status: row.status }, row.pence);
    }
  }

  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const route = request.routeOptions.url ?? UNMATCHED;
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode === 429) refused.inc({ method: request.method, route });
  });

  const expected = token ? sha256(token) : undefined;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (expected) {
      const header = request.headers.authorization ?? '';
      const sent = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
      if (!sent || !timingSafeEqual(sha256(sent), expected)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new AppError('UNAUTHENTICATED', 'Scraping metrics needs the metrics token (Authorization: Bearer ...).');
      }
    }
    try {
      await readDatabase();
      databaseUp.set(1);
    } catch (err) {
      databaseUp.set(0);
      request.log.warn({ reason: err instanceof Error ? err.message : String(err) }, 'metrics: the database figures could not be read');
    }
    reply.header('cache-control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });

  return {
    registry,
    jobRun(name, outcome, seconds) {
      jobRuns.inc({ name, outcome });
      jobSeconds.observe({ name }, seconds);
    },
  };
}
