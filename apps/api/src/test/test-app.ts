import { randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import type { Mailer } from '../platform/mail/mailer.ts';
import type { PaymentProvider } from '../platform/payments/payment-provider.ts';
import type { PayoutProvider } from '../platform/payments/payout-provider.ts';
import type { CalendarImportOptions } from '../modules/calendar-sync/calendar-sync-module.ts';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, opened from a copy of
 * the database global-setup.ts migrated once for the run, or its own schema on the PostgreSQL server
 * named by DATABASE_URL (dropped afterwards).
 */
export async function openTestDatabase(ownDatabaseUrl?: string): Promise<{ database: Database; dispose(): Promise<void> }> {
  const url = ownDatabaseUrl ?? process.env.DATABASE_URL;
  // A database of the test's own (another process must find its tables) is used as it is.
  const schemaName = url && !ownDatabaseUrl ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const template = url ? undefined : inject('pgliteTemplate');
  const database = await openDatabase({
    databaseUrl: url,
    schemaName,
    poolSize: 10,
    ...(template ? { pgliteLoadDataDir: await openAsBlob(template) } : {}),
  });
  // Nothing to apply on a copy of the template; on a new schema, every migration.
  await database.migrate();
  return {
    database,
    async dispose() {
      if (schemaName) {
        await database.db.execute(
          sql.raw(`drop schema if exists "${schemaName}" cascade; drop schema if exists "${schemaName}_migrations" cascade`),
        );
      }
      await database.close();
    },
  };
}

export const TEST_AUTH_SECRET = 'test-secret-that-is-long-enough-for-signing-0123456789';

export async function createTestApp(
  options: {
    now?: () => Date;
    env?: NodeJS.ProcessEnv;
    mailer?: Mailer;
    payments?: PaymentProvider;
    payouts?: PayoutProvider;
    calendarImport?: CalendarImportOptions;
    /** A PostgreSQL database the test made for itself, used in its default schema (shared with other processes). */
    ownDatabaseUrl?: string;
  } = {},
): Promise<TestContext> {
  const { database, dispose } = await openTestDatabase(options.ownDatabaseUrl);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'toolshed-test-'));
  // APP_URL, AUTH_SECRET and MAIL_OUTBOX satisfy the production checks for tests that set NODE_ENV=production.
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    AUTH_RATE_LIMIT: '1000',
    SUPPORT_RATE_LIMIT: '1000',
    CHECKOUT_RATE_LIMIT: '1000',
    MESSAGE_RATE_LIMIT: '1000',
    APP_URL: 'http://localhost:3000',
    AUTH_SECRET: TEST_AUTH_SECRET,
    MAIL_OUTBOX: 'true',
    ...options.env,
  });
  const app = await buildApp({
    config,
    database,
    authSecret: TEST_AUTH_SECRET,
    ...(options.now ? { now: options.now } : {}),
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.payments ? { payments: options.payments } : {}),
    ...(options.payouts ? { payouts: options.payouts } : {}),
    ...(options.calendarImport ? { calendarImport: options.calendarImport } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    dataDir,
    async close() {
      await app.close();
      await dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
