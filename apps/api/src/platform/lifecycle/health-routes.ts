import type { FastifyInstance } from 'fastify';
import underPressure from '@fastify/under-pressure';
import { pingDatabase, type Database } from '../../db/database.ts';
import { beforeDeadline, LATE } from '../time/deadline.ts';
import type { BuildInfo } from './build-info.ts';
import type { ReadRouting } from '../replicas/read-routing.ts';

/** Whether this process should still be sent traffic; shutdown turns it off before closing. */
export interface Readiness {
  draining: boolean;
}

export interface HealthOptions {
  database: Database;
  readiness: Readiness;
  /** What is running, reported by `/api/health`. */
  build: BuildInfo;
  /** Event-loop delay above which the process reports itself not ready. */
  maxEventLoopDelayMs?: number;
  /** How long the database round trip may take. */
  databaseTimeoutMs?: number;
  /** Read replicas, whose state `/api/ready` shows (they never make the process unready: reads fall back to the primary). */
  replicas?: ReadRouting;
}

/**
 * `/api/health`: liveness, the process answers, with the version (and commit) it runs. `/api/ready`: readiness, a database round trip within
 * a deadline, not draining and the event loop not overloaded; 503 otherwise, so a load balancer stops
 * sending requests here. Overload only marks the process not ready: requests in flight still run.
 * With read replicas, `/api/ready` also lists each one, in rotation or not, and its lag.
 */
export async function registerHealthRoutes(app: FastifyInstance, options: HealthOptions): Promise<void> {
  const { database, readiness } = options;
  await app.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelayMs ?? 1_000,
    // Measure only; never turn ordinary requests away.
    pressureHandler: () => undefined,
  });
  // The first samples still hold the start-up itself (loading code, opening the database): judge the
  // event loop only from two samples after the server starts listening.
  let settled = false;
  app.addHook('onListen', async () => {
    setTimeout(() => (settled = true), 2_000).unref();
  });
  const identity = { version: options.build.version, ...(options.build.commit ? { commit: options.build.commit } : {}) };
  app.get('/api/health', { schema: { hide: true } }, async () => ({ ok: true, ...identity }));
  app.get('/api/ready', { schema: { hide: true } }, async (request, reply) => {
    const notReady = (reason: string) => reply.status(503).header('retry-after', '5').send({ ready: false, reason });
    if (readiness.draining) return notReady('shutting down');
    if (settled && app.isUnderPressure()) return notReady('overloaded');
    try {
      const ms = options.databaseTimeoutMs ?? 2_000;
      if ((await beforeDeadline(pingDatabase(database.db), ms)) === LATE) throw new Error(`no answer within ${ms} ms`);
    } catch (err) {
      request.log.warn({ reason: err instanceof Error ? err.message : String(err) }, 'database not reachable');
      return notReady('database unavailable');
    }
    if (!options.replicas?.replicated) return { ready: true };
    return {
      ready: true,
      replicas: options.replicas.states().map((r) => ({
        name: r.name,
        inRotation: r.inRotation,
        lagMs: r.lagMs,
        replayLsn: r.replayLsn,
        ...(r.problem ? { problem: r.problem } : {}),
        checkedAt: r.checkedAt?.toISOString() ?? null,
      })),
    };
  });
}
