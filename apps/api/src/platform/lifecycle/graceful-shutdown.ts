import closeWithGrace from 'close-with-grace';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Readiness } from './health-routes.ts';

export interface ShutdownOptions {
  app: FastifyInstance;
  readiness: Readiness;
  log: FastifyBaseLogger;
  /** After this long the process exits anyway (status 1). */
  timeoutMs: number;
  /** Run after the server has closed: the database, the data-folder lock. */
  afterClose: () => Promise<void>;
}

/**
 * SIGTERM / SIGINT (and a crash) shut the process down in order, within a deadline: /api/ready turns
 * 503, the server stops accepting and finishes the requests in flight, onClose hooks stop the job
 * queue, then the database closes. A second signal, or the deadline, exits at once.
 */
export function installGracefulShutdown({ app, readiness, log, timeoutMs, afterClose }: ShutdownOptions): void {
  closeWithGrace(
    {
      delay: timeoutMs,
      logger: {
        error: (message: unknown) =>
          log.error(message instanceof Error ? { err: message } : { detail: String(message) }, 'shutdown problem'),
      },
      onTimeout: (delay) => log.error(`shutdown did not finish within ${delay} ms; exiting anyway`),
      onSecondSignal: (signal) => log.warn(`${signal} received again; exiting at once`),
    },
    async ({ signal, err }) => {
      if (err) log.fatal({ err }, 'unexpected error; shutting down');
      else log.info(`${signal ?? 'exit'} received; finishing requests in flight, then stopping`);
      readiness.draining = true;
      await app.close();
      await afterClose();
      log.info('stopped');
    },
  );
}
