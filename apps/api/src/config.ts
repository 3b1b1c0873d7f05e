import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_PREPARED_STATEMENTS } from './db/prepared-reads.ts';
import { misspeltSettings } from './config-spelling.ts';
import { combinationProblems, describe, envSchema, parseTrustProxy, SETTING_NAMES, tracingSettings } from './config-schema.ts';
import type { Config } from './config-types.ts';

export type { Config, TracingSettings } from './config-types.ts';

/** The configuration cannot be used; one readable line per problem. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Reads and checks every setting at once; throws ConfigError listing all problems. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success ? [] : parsed.error.issues.map((issue) => describe(issue, env));
  problems.push(...combinationProblems(env));
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
