import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Config {
  port: number;
  host: string;
  /** Database (PGlite), media and the mail outbox live here. */
  dataDir: string;
  databaseUrl: string | undefined;
  production: boolean;
  /** The built web app to serve, if present. */
  webDistDir: string;
  logLevel: string;
  /** The public address of the app; links in emails point here. */
  appUrl: string;
  /** Other origins allowed to send state-changing requests (comma-separated TRUSTED_ORIGINS). */
  trustedOrigins: string[];
  /** Signs sessions and email links; generated and kept in DATA_DIR when AUTH_SECRET is unset. */
  authSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
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
  /** Run background jobs in this process (JOBS=off turns it off; off by default in tests, which run them by hand). */
  runJobs: boolean;
  /** Contact-form messages allowed per address per 10 minutes. */
  supportRateLimit: number;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a whole number above 0, got "${raw}"`);
  return n;
}

function parseTrustProxy(raw: string | undefined): boolean | string[] {
  if (!raw || raw === 'false') return false;
  if (raw === 'true') return true;
  return raw.split(',').map((s) => s.trim()).filter(Boolean);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const appUrl = (env.APP_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+$/.test(appUrl)) throw new Error(`APP_URL must look like https://example.org (no path), got "${env.APP_URL}"`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    // npm runs workspace scripts inside the workspace; INIT_CWD is where the command was typed.
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    production: env.NODE_ENV === 'production',
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    appUrl,
    trustedOrigins: (env.TRUSTED_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    authSecret: env.AUTH_SECRET || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Toolshed <no-reply@toolshed.local>',
    supportEmail: env.SUPPORT_EMAIL ?? 'support@toolshed.local',
    authRateLimit: {
      perIp: positiveInt(env, 'AUTH_RATE_LIMIT', 10),
      windowMs: 60_000,
      accountFailures: positiveInt(env, 'AUTH_ACCOUNT_FAILURES', 5),
      accountWindowMs: 15 * 60_000,
    },
    supportRateLimit: positiveInt(env, 'SUPPORT_RATE_LIMIT', 5),
    geocoderUrl: env.GEOCODER_URL || undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    browseCacheMs: env.BROWSE_CACHE_MS === '0' ? 0 : positiveInt(env, 'BROWSE_CACHE_MS', 15_000),
    paymentDelayMs: env.PAYMENT_DELAY_MS === '0' ? 0 : positiveInt(env, 'PAYMENT_DELAY_MS', env.NODE_ENV === 'test' ? 1 : 1500),
    runJobs: env.JOBS ? env.JOBS !== 'off' : env.NODE_ENV !== 'test',
  };
}
