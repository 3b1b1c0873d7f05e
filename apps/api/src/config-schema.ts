// The settings the server reads from its environment, each with its check, and the lines
// that explain a problem with one (config.ts puts them together into a Config).
import { z } from 'zod';
import { LOG_LEVELS, type TracingSettings } from './config-types.ts';

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

export const envSchema = z.object({
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

export function describe(issue: z.core.$ZodIssue, env: NodeJS.ProcessEnv): string {
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

/** Settings that are each valid but not together, and what production must have. */
export function combinationProblems(env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
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
  return problems;
}

/** The OTLP/HTTP address of traces: the signal's own endpoint as it is, or the base endpoint's `v1/traces`. */
export function tracingSettings(
  tracesEndpoint: string | undefined,
  endpoint: string | undefined,
  serviceName: string | undefined,
): TracingSettings | undefined {
  const tracesUrl = tracesEndpoint ?? (endpoint ? `${endpoint.replace(/\/+$/, '')}/v1/traces` : undefined);
  return tracesUrl ? { tracesUrl, serviceName: serviceName ?? 'toolshed-api' } : undefined;
}

export function parseTrustProxy(raw: string | undefined): boolean | string[] {
  if (!raw || raw === 'false') return false;
  if (raw === 'true') return true;
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
