import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { registerOpenApi } from '../../openapi/openapi-document.ts';
import { createLogger } from '../logging/create-logger.ts';
import { RequestLogController } from '../logging/request-log-controller.ts';
import { echoRequestId, requestIdOf } from '../logging/request-id.ts';
import { buildInfo } from '../lifecycle/build-info.ts';
import { registerHealthRoutes, type Readiness } from '../lifecycle/health-routes.ts';
import { registerMetrics } from '../metrics/metrics.ts';
import { registerErrorHandler } from './error-handler.ts';
import { registerHttpGuards } from './http-guards.ts';
import { createErrorReporter, type ErrorReporter } from '../errors/error-reporter.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { createDevClock } from '../dev-clock/dev-clock.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { createStorage } from '../storage/create-storage.ts';
import { createDbGeocodeCache } from '../geocoding/geocode-cache.ts';
import { createOfflineGeocoder, type Geocoder } from '../geocoding/geocoder.ts';
import { createHttpGeocoder } from '../geocoding/http-geocoder.ts';
import { createSharedThrottle } from '../rate-limit/shared-throttle.ts';
import { createOutboxSmsSender, type SmsSender } from '../sms/sms-sender.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import type { PayoutProvider } from '../payments/payout-provider.ts';
import { createSimulatedProcessor } from '../payments/simulated-processor.ts';
import { createDbSimulatorStores } from '../payments/simulated-payment-methods-repository.ts';
import { createSimulatedPayouts } from '../payments/simulated-payouts.ts';
import { createJobQueue, type JobQueue } from '../jobs/job-queue.ts';
import { reportedFailure } from '../jobs/job-failure.ts';
import { registerHousekeeping } from '../jobs/housekeeping.ts';
import { createEventBus, type EventBus } from '../events/domain-events.ts';
import { createLocalSignals } from '../events/local-signals.ts';
import { startTracing } from '../tracing/tracing.ts';
import { createReadRouting, type ReadRouting } from '../replicas/read-routing.ts';
import type { AppSignals, ModuleKit } from '../module-kit.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue (tests run due jobs with `app.jobs.runDue()`). */
    jobs: JobQueue;
    /** Domain events, delivered to subscribers through the job queue. */
    events: EventBus;
    /** Where unhandled request errors and jobs failed for good are reported (ERROR_REPORT_URL). */
    errorReporter: ErrorReporter;
    /** Where catalogue and owner reads go: the primary, or read replicas (DATABASE_REPLICA_URLS). */
    reads: ReadRouting;
  }
}

export interface ServerDeps {
  config: Config;
  database: Database;
  authSecret: string;
  storage?: FileStorage;
  mailer?: Mailer;
  payments?: PaymentProvider;
  /** Pays withdrawals out; default: the simulated payout service. */
  payouts?: PayoutProvider;
  geocoder?: Geocoder;
  /** Text messages; default: the local SMS outbox under DATA_DIR. */
  sms?: SmsSender;
  now?: () => Date;
  /** The process's logger; default: one made from the configuration. */
  logger?: FastifyBaseLogger;
  /** Shared with the shutdown code, which marks the process as draining. */
  readiness?: Readiness;
  /** How often read replicas are checked (default every second); 0: only when `app.reads.check()` is called (tests). */
  replicaCheckEveryMs?: number;
}

export const outboxDir = (config: Config) => path.join(config.dataDir, 'outbox');
export const smsOutboxDir = (config: Config) => path.join(config.dataDir, 'sms-outbox');

/**
 * The Fastify server with everything below the modules: logging, tracing, errors, health, metrics,
 * the HTTP guards and the OpenAPI document; and the kit the modules are given (jobs, events, mail,
 * storage, payments ...), each a default made from the configuration unless the caller gave one.
 */
export async function createServer(deps: ServerDeps) {
  const { config, database } = deps;
  // Development only: a clock journeys can move forward (config DEV_CLOCK); every part below reads it.
  const devClock = config.devClock ? createDevClock(deps.now ?? (() => new Date())) : undefined;
  const now = devClock?.now ?? deps.now ?? (() => new Date());
  const app = Fastify({
    loggerInstance: deps.logger ?? createLogger(config),
    // One line per request, without query strings, instead of Fastify's two.
    logController: new RequestLogController(),
    // Only behind a known proxy may X-Forwarded-For name the client (rate limits key on it).
    trustProxy: config.trustProxy,
    genReqId: requestIdOf,
  }).withTypeProvider<ZodTypeProvider>();
  echoRequestId(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Only with an OTLP endpoint configured; otherwise OpenTelemetry is never loaded. First, so that its
  // hooks run before every other and its onClose (they run in reverse) after the jobs have stopped.
  const tracing = config.tracing
    ? await startTracing(config.tracing, { environment: config.nodeEnv, warn: (message) => app.log.warn(message) })
    : undefined;
  if (tracing) {
    tracing.traceRequests(app);
    database.observeQueries(tracing.query);
    app.addHook('onClose', async () => {
      database.observeQueries(undefined);
      await tracing.shutdown();
    });
  }
  const errorReporter = createErrorReporter({
    url: config.errorReportUrl,
    service: 'toolshed-api',
    now,
    warn: (obj, msg) => app.log.warn(obj, msg),
  });
  app.decorate('errorReporter', errorReporter);
  app.addHook('onClose', async () => errorReporter.flush());
  registerErrorHandler(app, errorReporter);
  const build = buildInfo(config.commit);
  const reads = createReadRouting({
    config,
    database,
    log: app.log,
    ...(deps.replicaCheckEveryMs !== undefined ? { checkEveryMs: deps.replicaCheckEveryMs } : {}),
  });
  reads.register(app, { secureCookie: config.production });
  app.decorate('reads', reads);
  await registerHealthRoutes(app, { database, readiness: deps.readiness ?? { draining: false }, build, replicas: reads });
  const metrics = registerMetrics(app, { database, token: config.metricsToken, build, now, replicas: reads });
  await registerHttpGuards(app, { config, db: database.db, now });
  await registerOpenApi(app, { appUrl: config.appUrl });
  devClock?.register(app);

  const db = database.db;
  const jobs = createJobQueue({
    db,
    now,
    log: app.log,
    onRun: metrics.jobRun,
    ...(tracing ? { aroundRun: tracing.aroundJob } : {}),
    onGiveUp: (job, err, failure) =>
      errorReporter.report({
        source: 'job',
        error: reportedFailure(err, failure),
        context: { job: job.name, jobId: job.id, attempt: job.attempt },
      }),
  });
  const events = createEventBus(jobs);
  app.decorate('jobs', jobs);
  app.decorate('events', events);
  registerHousekeeping(jobs, db);
  if (config.runJobs) app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());

  const signals = createLocalSignals<AppSignals>();
  const kit: ModuleKit = {
    config,
    database,
    db,
    reads,
    authSecret: deps.authSecret,
    now,
    log: app.log,
    jobs,
    events,
    signals,
    storage: deps.storage ?? createStorage(config),
    mailer: deps.mailer ?? createMailer({ from: config.mailFrom, smtpUrl: config.smtpUrl, outboxDir: outboxDir(config) }),
    sms: deps.sms ?? createOutboxSmsSender(smsOutboxDir(config)),
    geocoder: deps.geocoder ?? defaultGeocoder(config, database, now),
    payments:
      deps.payments ??
      createSimulatedProcessor({
        delayMs: config.paymentDelayMs,
        now,
        authorisationDays: config.paymentAuthorisationDays,
        // Its 3-D Secure challenges and saved cards outlive a restart (a confirm, a deposit held the day before).
        ...createDbSimulatorStores(db),
      }),
    payouts: deps.payouts ?? createSimulatedPayouts(),
    catalogueChanged: () => signals.emit('catalogue.changed'),
  };
  return { app: app as unknown as FastifyInstance, kit };
}

function defaultGeocoder(config: Config, database: Database, now: () => Date): Geocoder {
  if (!config.geocoderUrl) return createOfflineGeocoder();
  return createHttpGeocoder({
    url: config.geocoderUrl,
    timeoutMs: 5000,
    minIntervalMs: 1000,
    // One request per second for the whole deployment, and answers shared by every process.
    cache: createDbGeocodeCache(database.db, now),
    throttle: createSharedThrottle(database.db, 'geocoder', 1000),
  });
}
