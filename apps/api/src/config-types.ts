// What the configuration holds: the shape loadConfig (config.ts) answers with.

export const LOG_LEVELS = ['silent', 'fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  /** NODE_ENV; unset means development. */
  nodeEnv: 'development' | 'production' | 'test';
  production: boolean;
  port: number;
  host: string;
  /** Database (PGlite), media and the mail outbox live here. */
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * DATABASE_REPLICA_URLS: PostgreSQL hot standbys (comma-separated postgres:// URLs) that browse, item
   * pages, owner pages, counts and suggestions read from; empty: everything reads the primary.
   */
  databaseReplicaUrls: string[];
  /** DATABASE_REPLICA_MAX_LAG_MS (default 5000): a replica further behind the primary than this is taken out of rotation. */
  databaseReplicaMaxLagMs: number;
  /** The built web app to serve, if present. */
  webDistDir: string;
  logLevel: LogLevel;
  /** The public address of the app; links in emails point here. */
  appUrl: string;
  /** Other origins allowed to send state-changing requests (comma-separated TRUSTED_ORIGINS). */
  trustedOrigins: string[];
  /** Signs sessions and email links; generated and kept in DATA_DIR when AUTH_SECRET is unset (not in production). */
  authSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  /** OPERATOR_EMAILS: the accounts (lower-cased emails) that may use the operator's desk at /ops; empty: nobody. */
  operatorEmails: string[];
  /** Auth requests (sign-in, sign-up, reset) allowed per address per window. */
  authRateLimit: { perIp: number; windowMs: number; accountFailures: number; accountWindowMs: number };
  /** An address-search service (e.g. a Nominatim-style /search endpoint); unset: the offline postcode-area geocoder. */
  geocoderUrl: string | undefined;
  /** TRUST_PROXY: 'true' or a comma-separated list of proxy addresses; unset: X-Forwarded-* is ignored. */
  trustProxy: boolean | string[];
  /** How long browse answers may be reused (BROWSE_CACHE_MS; 0 turns the cache off). */
  browseCacheMs: number;
  /** How long the simulated card processor takes to answer. */
  paymentDelayMs: number;
  /** Days a card authorisation of the simulated processor can be captured (PAYMENTS_AUTHORISATION_DAYS; 7, as real ones). */
  paymentAuthorisationDays: number;
  /** Run background jobs in this process (JOBS=off turns it off; off by default in tests, which run them by hand). */
  runJobs: boolean;
  /** Contact-form messages allowed per address per 10 minutes. */
  supportRateLimit: number;
  /** Checkout attempts allowed per person per 10 minutes (CHECKOUT_RATE_LIMIT). */
  checkoutRateLimit: number;
  /** Item messages a person may send per 10 minutes, all conversations together (MESSAGE_RATE_LIMIT). */
  messageRateLimit: number;
  /** METRICS_TOKEN: `GET /metrics` asks for `Authorization: Bearer <token>` when set; open when unset. */
  metricsToken: string | undefined;
  /** ERROR_REPORT_URL: unhandled request errors and jobs failed for good are also POSTed here as JSON. */
  errorReportUrl: string | undefined;
  /**
   * PostgreSQL connections kept for browse reads (DATABASE_READ_CONNECTIONS): by default twice the
   * cores this process may use, at least 2. More than the database's cores can run at once only
   * makes them take turns: on two cores, 4 answered the browse mix 5-30% faster than 8, and 2 slower.
   */
  databaseReadConnections: number;
  /**
   * The most statements each of those connections keeps prepared (DATABASE_PREPARED_STATEMENTS,
   * default 200): each holds its plan on the server, about half a megabyte for a browse statement.
   */
  databasePreparedStatements: number;
  /**
   * How many of the statements run before each of those connections plans at start-up, before the
   * first request (DATABASE_WARM_STATEMENTS, default half of DATABASE_PREPARED_STATEMENTS; 0: none):
   * the most recently seen, from `statement_shapes` (db/statement-shapes.ts).
   */
  databaseWarmStatements: number;
  /** Apply pending migrations at start-up (MIGRATE_ON_START, default true); false: refuse to start while any is pending (`npm run db:migrate` is the release step). */
  migrateOnStart: boolean;
  /** Fill an empty database with the sample catalogue at start-up (SEED_SAMPLE_DATA; default: embedded database outside production). */
  seedSampleData: boolean;
  /** How long a shutdown may take before the process exits anyway (SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs: number;
  /** Photos and other files in an S3-compatible bucket (S3_BUCKET and friends); unset: DATA_DIR/media. */
  s3: S3Settings | undefined;
  /** CALENDAR_IMPORT_ALLOW_PRIVATE: owners' calendar addresses may point to private, loopback and link-local networks (default false). */
  calendarImportAllowPrivate: boolean;
  /** DEV_CLOCK: outside production only, the app's clock can be moved forward with POST /dev/clock (browser journeys). */
  devClock: boolean;
  /** OpenTelemetry traces sent over OTLP/HTTP (OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT); unset: no tracing at all. */
  tracing: TracingSettings | undefined;
  /** TOOLSHED_COMMIT: the commit being run, when the build did not record one (platform/lifecycle/build-info.ts). */
  commit: string | undefined;
  /** Problems that do not stop a start, logged by it: a variable that looks like a misspelt setting. */
  warnings: string[];
}

export interface TracingSettings {
  /** Where spans are POSTed: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as it is, else OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces. */
  tracesUrl: string;
  /** OTEL_SERVICE_NAME, default toolshed-api. */
  serviceName: string;
}

export interface S3Settings {
  bucket: string;
  endpoint: string | undefined;
  region: string | undefined;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  publicUrl: string | undefined;
  prefix: string | undefined;
}
