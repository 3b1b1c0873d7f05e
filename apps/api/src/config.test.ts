import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const PRODUCTION = {
  NODE_ENV: 'production',
  APP_URL: 'https://toolshed.example',
  AUTH_SECRET: 'a-production-secret-of-at-least-32-chars',
  SMTP_URL: 'smtp://mailer:secret@mail.example:587',
};

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error('the configuration was accepted');
}

describe('configuration', () => {
  it('works with no settings at all in development', () => {
    const config = loadConfig({ INIT_CWD: '/srv/toolshed' });
    expect(config).toMatchObject({
      nodeEnv: 'development',
      production: false,
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('/srv/toolshed/data'),
      databaseUrl: undefined,
      logLevel: 'info',
      appUrl: 'http://localhost:3000',
      seedSampleData: true,
      runJobs: true,
      authSecret: undefined,
      shutdownTimeoutMs: 10_000,
      databaseReadConnections: Math.max(2, 2 * os.availableParallelism()),
      databasePreparedStatements: 200,
      databaseWarmStatements: 100,
    });
  });

  it('reads every setting it is given', () => {
    const config = loadConfig({
      ...PRODUCTION,
      PORT: '8080',
      APP_URL: 'https://toolshed.example/',
      DATABASE_URL: 'postgres://toolshed@db:5432/toolshed',
      LOG_LEVEL: 'warn',
      TRUSTED_ORIGINS: 'https://a.example, https://b.example/',
      BROWSE_CACHE_MS: '0',
      DATABASE_READ_CONNECTIONS: '6',
      DATABASE_PREPARED_STATEMENTS: '500',
      DATABASE_WARM_STATEMENTS: '300',
      JOBS: 'off',
      SHUTDOWN_TIMEOUT_MS: '3000',
    });
    expect(config).toMatchObject({
      production: true,
      port: 8080,
      appUrl: 'https://toolshed.example',
      logLevel: 'warn',
      trustedOrigins: ['https://a.example', 'https://b.example'],
      browseCacheMs: 0,
      databaseReadConnections: 6,
      databasePreparedStatements: 500,
      databaseWarmStatements: 300,
      runJobs: false,
      seedSampleData: false,
      shutdownTimeoutMs: 3000,
      smtpUrl: PRODUCTION.SMTP_URL,
    });
  });

  it('names an unknown log level instead of failing inside the framework', () => {
    expect(problemsOf({ LOG_LEVEL: 'verbose' })).toEqual([
      'LOG_LEVEL must be one of silent, fatal, error, warn, info, debug, trace (got "verbose")',
    ]);
  });

  it('lists every problem, one line each', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      APP_URL: 'toolshed.example/app',
      AUTH_RATE_LIMIT: '0',
      NODE_ENV: 'staging',
      SEED_SAMPLE_DATA: 'maybe',
    });
    expect(problems).toEqual([
      'NODE_ENV must be development, production or test (got "staging")',
      'PORT must be a whole number (0 or more) (got "eighty")',
      'APP_URL must be an address like https://toolshed.example (no path) (got "toolshed.example/app")',
      'AUTH_RATE_LIMIT must be 1 or more (got "0")',
      'SEED_SAMPLE_DATA must be true or false (got "maybe")',
    ]);
    expect(problems.every((p) => !p.includes('\n'))).toBe(true);
  });

  it('reads replica URLs and their lag bound, only beside a PostgreSQL primary', () => {
    const primary = 'postgres://app@primary:5432/toolshed';
    expect(loadConfig({ DATABASE_URL: primary })).toMatchObject({ databaseReplicaUrls: [], databaseReplicaMaxLagMs: 5_000 });
    const config = loadConfig({
      DATABASE_URL: primary,
      DATABASE_REPLICA_URLS: ' postgres://app@replica-1:5432/toolshed, postgresql://app@replica-2/toolshed ,',
      DATABASE_REPLICA_MAX_LAG_MS: '2500',
    });
    expect(config.databaseReplicaUrls).toEqual(['postgres://app@replica-1:5432/toolshed', 'postgresql://app@replica-2/toolshed']);
    expect(config.databaseReplicaMaxLagMs).toBe(2_500);
    expect(problemsOf({ DATABASE_REPLICA_URLS: 'postgres://app@replica-1/toolshed' })).toEqual([
      expect.stringMatching(/^DATABASE_REPLICA_URLS needs DATABASE_URL/),
    ]);
    const wrong = problemsOf({ DATABASE_URL: primary, DATABASE_REPLICA_URLS: 'postgres://app:hunter2@r1/t,mysql://app:hunter2@r2/t' });
    expect(wrong).toEqual([
      expect.stringMatching(/^DATABASE_REPLICA_URLS must be comma-separated postgres:\/\/ URLs.*\(1 of 2 are not\)$/),
    ]);
    expect(wrong.join('\n')).not.toContain('hunter2');
    for (const value of ['0', '-1', '1.5', 'soon']) {
      expect(problemsOf({ DATABASE_URL: primary, DATABASE_REPLICA_MAX_LAG_MS: value }).join('\n')).toMatch(/DATABASE_REPLICA_MAX_LAG_MS/);
    }
  });

  it('refuses a number of read connections that is not a whole number from 1 to 100', () => {
    for (const value of ['0', '101', '2.5', 'four']) {
      expect(problemsOf({ DATABASE_READ_CONNECTIONS: value }).join('\n')).toMatch(/DATABASE_READ_CONNECTIONS/);
    }
  });

  it('refuses a number of prepared statements that is not a whole number from 10 to 10,000', () => {
    for (const value of ['9', '10001', '20.5', 'many']) {
      expect(problemsOf({ DATABASE_PREPARED_STATEMENTS: value }).join('\n')).toMatch(/DATABASE_PREPARED_STATEMENTS/);
    }
  });

  it('never repeats a secret in its message', () => {
    const problems = problemsOf({ AUTH_SECRET: 'short-secret', SMTP_URL: 'mail.example:25 with password hunter2' });
    expect(problems).toEqual([
      'AUTH_SECRET must be at least 32 characters',
      'SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example:587',
    ]);
  });

  it('requires a public address, a secret and a way to send email in production', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^APP_URL must be set in production/);
    expect(problems[1]).toMatch(/^AUTH_SECRET must be set in production/);
    expect(problems[2]).toMatch(/^SMTP_URL must be set in production .*MAIL_OUTBOX=true/);
  });

  it('accepts the outbox in production only when asked for explicitly', () => {
    const { SMTP_URL: _unused, ...withoutSmtp } = PRODUCTION;
    expect(problemsOf(withoutSmtp)).toHaveLength(1);
    expect(loadConfig({ ...withoutSmtp, MAIL_OUTBOX: 'true' }).smtpUrl).toBeUndefined();
  });

  it('seeds sample data only into the embedded database outside production, unless asked', () => {
    expect(loadConfig({}).seedSampleData).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/toolshed' }).seedSampleData).toBe(false);
    expect(loadConfig(PRODUCTION).seedSampleData).toBe(false);
    expect(loadConfig({ ...PRODUCTION, SEED_SAMPLE_DATA: 'true' }).seedSampleData).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/toolshed', SEED_SAMPLE_DATA: 'true' }).seedSampleData).toBe(true);
    expect(loadConfig({ SEED_SAMPLE_DATA: 'false' }).seedSampleData).toBe(false);
  });

  it('treats an empty variable as unset and keeps tests quiet by default', () => {
    const config = loadConfig({ NODE_ENV: 'test', PORT: '', LOG_LEVEL: '' });
    expect(config.port).toBe(3000);
    expect(config.logLevel).toBe('silent');
    expect(config.runJobs).toBe(false);
  });

  it('warns about a variable within two edits of a setting, naming the setting, and still starts', () => {
    const config = loadConfig({ PORTT: '8080', LOG_LEVLE: 'debug', DATABSE_URL: 'postgres://db/toolshed', BROWSE_CACHE_MS: '0' });
    expect(config.port).toBe(3000);
    expect(config.warnings).toEqual([
      'DATABSE_URL is not a Toolshed setting and is ignored; did you mean DATABASE_URL?',
      'LOG_LEVLE is not a Toolshed setting and is ignored; did you mean LOG_LEVEL?',
      'PORTT is not a Toolshed setting and is ignored; did you mean PORT?',
    ]);
  });

  it("does not warn about the system's own variables or names far from any setting", () => {
    const env = { HOME: '/home/toolshed', PATH: '/usr/bin', HOSTNAME: 'web-1', PORTS: '1', POOL: 'x', LOG_FORMAT: 'json', PORT: '3000' };
    // PORTS is one edit from PORT; POOL is two from PORT, too far for a four-letter name.
    expect(loadConfig(env).warnings).toEqual(['PORTS is not a Toolshed setting and is ignored; did you mean PORT?']);
    expect(loadConfig({}).warnings).toEqual([]);
  });

  it('reads the commit being run, and refuses one that is not a hash', () => {
    expect(loadConfig({ TOOLSHED_COMMIT: '95d16c5aa' }).commit).toBe('95d16c5aa');
    expect(loadConfig({}).commit).toBeUndefined();
    expect(problemsOf({ TOOLSHED_COMMIT: 'main; rm' })).toEqual([
      'TOOLSHED_COMMIT must be a commit hash (7 to 40 hexadecimal characters) (got "main; rm")',
    ]);
  });
});
