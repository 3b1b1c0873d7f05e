import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_PREPARED_STATEMENTS } from './db/prepared-reads.ts';
import { misspeltSettings } from './config-spelling.ts';

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

/** The configuration cannot be used; one readable line per problem. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

// An empty variable counts as unset, as in most deployment tools.
const opt = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
const whole = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, min > 0 ? `must be a whole number above ${min - 1}` : 'must be a whole number (0 or more)')
    .transform(Number)
    .refine((n) => n >= min && n <= max, max < Number.MAX_SAFE_INTEGER ? `must be between ${min} and ${max}` : `must be ${min} or more`);
const flag = z
  .enum(['true', 'false', 'on', 'off', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => ['true', 'on', '1', 'yes'].includes(v));
const ORIGIN = /^https?:\/\/[^/?#\s]+$/;
const origin = (what: string) =>
  z
    .string()
    .trim()
    .transform((v) => v.replace(/\/+$/, ''))
    .refine((v) => ORIGIN.test(v), `must be ${what} like https://toolshed.example (no path)`);

const envSchema = z.object({
  NODE_ENV: opt(z.enum(['development', 'production', 'test'], { message: 'must be development, production or test' })),
  PORT: opt(whole(0, 65535)),
  HOST: opt(z.string().trim()),
  DATA_DIR: opt(z.string()),
  DATABASE_URL: opt(
    z
      .string()
      .trim()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL, e.g. postgres://user@host:5432/toolshed'),
  ),
  DATABASE_REPLICA_URLS: opt(
    z.string().transform((v, ctx) => {
      const list = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      // The URLs hold passwords: the message names how many are wrong, never what they say.
      const bad = list.filter((u) => !/^postgres(ql)?:\/\/\S+$/.test(u));
      if (bad.length > 0)
        ctx.addIssue({
          code: 'custom',
          message: `must be comma-separated postgres:// URLs, e.g. postgres://user@replica-1:5432/toolshed (${bad.length} of ${list.length} ${list.length === 1 ? 'is' : 'are'} not)`,
        });
      return list;
    }),
  ),
  DATABASE_REPLICA_MAX_LAG_MS: opt(whole(1, 3_600_000)),
  WEB_DIST_DIR: opt(z.string()),
  LOG_LEVEL: opt(z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` })),
  APP_URL: opt(origin('an address')),
  TRUSTED_ORIGINS: opt(
    z.string().transform((v, ctx) => {
      const list = v
        .split(',')
        .map((s) => s.trim().replace(/\/+$/, ''))
        .filter(Boolean);
      const bad = list.filter((o) => !ORIGIN.test(o));
      if (bad.length > 0)
        ctx.addIssue({
          code: 'custom',
          message: `must be comma-separated origins like https://toolshed.example (not "${bad.join('", "')}")`,
        });
      return list;
    }),
  ),
  AUTH_SECRET: opt(z.string().min(32, 'must be at least 32 characters')),
  SMTP_URL: opt(
    z
      .string()
      .trim()
      .regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example:587'),
  ),
  MAIL_OUTBOX: opt(flag),
  MAIL_FROM: opt(z.string()),
  SUPPORT_EMAIL: opt(
    z
      .string()
      .trim()
      .regex(/^[^\s@]+@[^\s@]+$/, 'must be an email address'),
  ),
  OPERATOR_EMAILS: opt(
    z.string().transform((v, ctx) => {
      const list = v
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean);
      const bad = list.filter((a) => !/^[^\s@]+@[^\s@]+$/.test(a));
      if (bad.length > 0) ctx.addIssue({ code: 'custom', message: `must be comma-separated email addresses (not "${bad.join('", "')}")` });
      return list;
    }),
  ),
  AUTH_RATE_LIMIT: opt(whole(1)),
  AUTH_ACCOUNT_FAILURES: opt(whole(1)),
  SUPPORT_RATE_LIMIT: opt(whole(1)),
  CHECKOUT_RATE_LIMIT: opt(whole(1)),
  MESSAGE_RATE_LIMIT: opt(whole(1)),
  GEOCODER_URL: opt(
    z
      .string()
      .trim()
      .regex(/^https?:\/\/\S+$/, 'must be an http:// or https:// URL'),
  ),
  TRUST_PROXY: opt(z.string()),
  BROWSE_CACHE_MS: opt(whole(0)),
  PAYMENT_DELAY_MS: opt(whole(0)),
  PAYMENTS_AUTHORISATION_DAYS: opt(whole(1)),
  JOBS: opt(flag),
  SEED_SAMPLE_DATA: opt(flag),
  MIGRATE_ON_START: opt(flag),
  DATABASE_READ_CONNECTIONS: opt(whole(1, 100)),
  DATABASE_PREPARED_STATEMENTS: opt(whole(10, 10_000)),
  DATABASE_WARM_STATEMENTS: opt(whole(0, 10_000)),
  METRICS_TOKEN: opt(z.string().trim().min(16, 'must be at least 16 characters')),
  ERROR_REPORT_URL: opt(
    z
      .string()
      .trim()
      .regex(/^https?:\/\/\S+$/, 'must be an http:// or https:// URL'),
  ),
  SHUTDOWN_TIMEOUT_MS: opt(whole(1)),
  S3_BUCKET: opt(
    z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (lower-case letters, digits, dots and hyphens)'),
  ),
  S3_ENDPOINT: opt(
    z
      .string()
      .trim()
      .regex(/^https?:\/\/\S+$/, 'must be an http:// or https:// URL'),
  ),
  S3_REGION: opt(z.string().trim()),
  S3_ACCESS_KEY_ID: opt(z.string().trim()),
  S3_SECRET_ACCESS_KEY: opt(z.string()),
  S3_PUBLIC_URL: opt(
    z
      .string()
      .trim()
      .regex(/^https?:\/\/\S+$/, 'must be an http:// or https:// URL'),
  ),
  S3_PREFIX: opt(
    z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9/_-]*$/i, 'must be a folder name such as media or prod/media'),
  ),
  OTEL_EXPORTER_OTLP_ENDPOINT: opt(
    z
      .string()
      .trim()
      .regex(/^https?:\/\/\S+$/, 'must be an http:// or https:// URL, e.g. http://otel-collector:4318'),
  ),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: opt(
    z
      .string()
      .trim()
      .regex(/^https?:\/\/\S+$/, 'must be an http:// or https:// URL, e.g. http://otel-collector:4318/v1/traces'),
  ),
  OTEL_SERVICE_NAME: opt(z.string().trim().min(1)),
  CALENDAR_IMPORT_ALLOW_PRIVATE: opt(flag),
  DEV_CLOCK: opt(flag),
  TOOLSHED_COMMIT: opt(
    z
      .string()
      .trim()
      .regex(/^[0-9a-f]{7,40}$/i, 'must be a commit hash (7 to 40 hexadecimal characters)'),
  ),
});

/** Every setting the app reads, for the misspelt-setting warning. */
export const SETTING_NAMES: readonly string[] = Object.keys(envSchema.shape);

/** Values that must never be echoed back in an error line. */
const SECRET = new Set([
  'AUTH_SECRET',
  'SMTP_URL',
  'DATABASE_URL',
  'DATABASE_REPLICA_URLS',
  'S3_SECRET_ACCESS_KEY',
  'METRICS_TOKEN',
  'ERROR_REPORT_URL',
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
]);

function describe(issue: z.core.$ZodIssue, env: NodeJS.ProcessEnv): string {
  const name = String(issue.path[0] ?? 'configuration');
  const raw = env[name];
  const shown = raw !== undefined && !SECRET.has(name) && raw.length <= 80 ? ` (got "${raw}")` : '';
  return `${name} ${issue.message}${shown}`;
}

/** A production process must have a public address, a stable secret and a way to deliver email. */
function productionProblems(env: NodeJS.ProcessEnv): string[] {
  const has = (name: string) => (env[name] ?? '').trim() !== '';
  const problems: string[] = [];
  if (!has('APP_URL'))
    problems.push('APP_URL must be set in production: the public address that links in emails point to, e.g. https://toolshed.example');
  if (!has('AUTH_SECRET'))
    problems.push('AUTH_SECRET must be set in production: at least 32 random characters (e.g. `openssl rand -base64 48`)');
  if (!has('SMTP_URL') && !['true', 'on', '1', 'yes'].includes(env.MAIL_OUTBOX ?? '')) {
    problems.push(
      'SMTP_URL must be set in production so people can confirm their accounts (or set MAIL_OUTBOX=true to keep emails in DATA_DIR/outbox on purpose)',
    );
  }
  return problems;
}

/** The OTLP/HTTP address of traces: the signal's own endpoint as it is, or the base endpoint's `v1/traces`. */
function tracingSettings(
  tracesEndpoint: string | undefined,
  endpoint: string | undefined,
  serviceName: string | undefined,
): TracingSettings | undefined {
  const tracesUrl = tracesEndpoint ?? (endpoint ? `${endpoint.replace(/\/+$/, '')}/v1/traces` : undefined);
  return tracesUrl ? { tracesUrl, serviceName: serviceName ?? 'toolshed-api' } : undefined;
}

function parseTrustProxy(raw: string | undefined): boolean | string[] {
  if (!raw || raw === 'false') return false;
  if (raw === 'true') return true;
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Reads and checks every setting at once; throws ConfigError listing all problems. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success ? [] : parsed.error.issues.map((issue) => describe(issue, env));
  if (env.NODE_ENV === 'production') problems.push(...productionProblems(env));
  const s3Named = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL', 'S3_PREFIX'].filter(
    (n) => (env[n] ?? '') !== '',
  );
  if (s3Named.length > 0 && (env.S3_BUCKET ?? '') === '')
    problems.push(`S3_BUCKET must be set when ${s3Named.join(', ')} ${s3Named.length > 1 ? 'are' : 'is'} set`);
  if ((env.S3_ACCESS_KEY_ID ?? '') !== '' && (env.S3_SECRET_ACCESS_KEY ?? '') === '')
    problems.push('S3_SECRET_ACCESS_KEY must be set with S3_ACCESS_KEY_ID');
  if ((env.DATABASE_REPLICA_URLS ?? '').trim() !== '' && (env.DATABASE_URL ?? '').trim() === '')
    problems.push(
      'DATABASE_REPLICA_URLS needs DATABASE_URL: read replicas are PostgreSQL standbys of a PostgreSQL primary, and the embedded database has none',
    );
  if (!parsed.success || problems.length > 0) throw new ConfigError([...new Set(problems)]);
  const e = parsed.data;

  const nodeEnv = e.NODE_ENV ?? 'development';
  const port = e.PORT ?? 3000;
  return {
    nodeEnv,
    production: nodeEnv === 'production',
    port,
    host: e.HOST || '0.0.0.0',
    // npm runs workspace scripts inside the workspace; INIT_CWD is where the command was typed.
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR ?? 'data'),
    databaseUrl: e.DATABASE_URL,
    databaseReplicaUrls: e.DATABASE_REPLICA_URLS ?? [],
    databaseReplicaMaxLagMs: e.DATABASE_REPLICA_MAX_LAG_MS ?? 5_000,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    logLevel: e.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    appUrl: e.APP_URL ?? `http://localhost:${port}`,
    trustedOrigins: e.TRUSTED_ORIGINS ?? [],
    authSecret: e.AUTH_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Toolshed <no-reply@toolshed.local>',
    supportEmail: e.SUPPORT_EMAIL ?? 'support@toolshed.local',
    operatorEmails: e.OPERATOR_EMAILS ?? [],
    authRateLimit: {
      perIp: e.AUTH_RATE_LIMIT ?? 10,
      windowMs: 60_000,
      accountFailures: e.AUTH_ACCOUNT_FAILURES ?? 5,
      accountWindowMs: 15 * 60_000,
    },
    supportRateLimit: e.SUPPORT_RATE_LIMIT ?? 5,
    checkoutRateLimit: e.CHECKOUT_RATE_LIMIT ?? 30,
    messageRateLimit: e.MESSAGE_RATE_LIMIT ?? 30,
    geocoderUrl: e.GEOCODER_URL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    browseCacheMs: e.BROWSE_CACHE_MS ?? 15_000,
    paymentDelayMs: e.PAYMENT_DELAY_MS ?? (nodeEnv === 'test' ? 1 : 1500),
    paymentAuthorisationDays: e.PAYMENTS_AUTHORISATION_DAYS ?? 7,
    runJobs: e.JOBS ?? nodeEnv !== 'test',
    migrateOnStart: e.MIGRATE_ON_START ?? true,
    databaseReadConnections: e.DATABASE_READ_CONNECTIONS ?? Math.max(2, 2 * os.availableParallelism()),
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS ?? DEFAULT_PREPARED_STATEMENTS,
    databaseWarmStatements: Math.min(
      e.DATABASE_WARM_STATEMENTS ?? Math.floor((e.DATABASE_PREPARED_STATEMENTS ?? DEFAULT_PREPARED_STATEMENTS) / 2),
      e.DATABASE_PREPARED_STATEMENTS ?? DEFAULT_PREPARED_STATEMENTS,
    ),
    metricsToken: e.METRICS_TOKEN,
    errorReportUrl: e.ERROR_REPORT_URL,
    seedSampleData: e.SEED_SAMPLE_DATA ?? (!e.DATABASE_URL && nodeEnv !== 'production'),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS ?? 10_000,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          publicUrl: e.S3_PUBLIC_URL,
          prefix: e.S3_PREFIX,
        }
      : undefined,
    calendarImportAllowPrivate: e.CALENDAR_IMPORT_ALLOW_PRIVATE ?? false,
    devClock: nodeEnv !== 'production' && (e.DEV_CLOCK ?? false),
    tracing: tracingSettings(e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, e.OTEL_EXPORTER_OTLP_ENDPOINT, e.OTEL_SERVICE_NAME),
    commit: e.TOOLSHED_COMMIT,
    warnings: misspeltSettings(env, SETTING_NAMES),
  };
}
