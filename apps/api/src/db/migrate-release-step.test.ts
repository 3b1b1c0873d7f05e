import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../platform/lifecycle/server-process.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from './database.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const MIGRATE = path.join(here, 'run-migrations.ts');
const serverUrl = process.env.DATABASE_URL;
const journalTags = async () =>
  (JSON.parse(await readFile(path.join(here, 'migrations/meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] }).entries.map(
    (e) => e.tag,
  );

/** `npm run db:migrate` as its own process (the sources through tsx, as the compiled migrate.js runs them). */
function runMigrate(env: Record<string, string | undefined>): Promise<{ code: number | null; output: string }> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', ...env };
  for (const [key, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[key];
  const child = spawn(process.execPath, ['--import', 'tsx', MIGRATE], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

/** Runs on the embedded database, and on a fresh database of the PostgreSQL server when DATABASE_URL is set. */
describe(`migrations as a release step (${serverUrl ? 'PostgreSQL server' : 'embedded database'})`, () => {
  const name = `toolshed_migrate_${randomBytes(4).toString('hex')}`;
  let admin: pg.Client | undefined;
  let dataDir: string;
  let env: Record<string, string | undefined>;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'toolshed-migrate-'));
    env = { DATA_DIR: dataDir, DATABASE_URL: undefined };
    if (serverUrl) {
      admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database "${name}"`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      env.DATABASE_URL = url.toString();
    }
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await admin?.query(`drop database if exists "${name}" with (force)`);
    await admin?.end();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('with MIGRATE_ON_START=false an unmigrated database is refused with a message; after db:migrate the server starts', async () => {
    const tags = await journalTags();
    const refused = await startServerProcess({ ...env, MIGRATE_ON_START: 'false' });
    servers.push(refused);
    expect(await refused.exited(120_000)).toBe(1);
    expect(refused.output()).toContain(`The database has ${tags.length} pending migrations (${tags[0]}, `);
    expect(refused.output()).toContain('MIGRATE_ON_START is false: run `npm run db:migrate`');

    const migrated = await runMigrate(env);
    expect(migrated.output).toContain(`Applied ${tags.length} migrations to`);
    expect(migrated.code).toBe(0);
    const again = await runMigrate(env);
    expect(again.output).toContain('No migrations pending');
    expect(again.code).toBe(0);

    const server = await startServerProcess({ ...env, MIGRATE_ON_START: 'false' });
    servers.push(server);
    await server.ready(120_000);
    const categories = (await (await fetch(`http://127.0.0.1:${server.port}/api/categories`)).json()) as { categories: unknown[] };
    expect(categories.categories.length).toBeGreaterThan(0);
    await server.stop();
    expect(server.child.exitCode).toBe(0);
  }, 300_000);

  it('lists the migrations a database lacks, oldest first, and none once migrated', async () => {
    const tags = await journalTags();
    const schemaName = serverUrl ? `t_${randomBytes(6).toString('hex')}` : undefined;
    const database = await openDatabase({ databaseUrl: serverUrl, schemaName, poolSize: 2, preparedPoolSize: 1 });
    try {
      expect(await database.pendingMigrations()).toEqual(tags);
      await database.migrate();
      expect(await database.pendingMigrations()).toEqual([]);
    } finally {
      if (schemaName)
        await database.db.execute(
          sql.raw(`drop schema if exists "${schemaName}" cascade; drop schema if exists "${schemaName}_migrations" cascade`),
        );
      await database.close();
    }
    // Two migrations of a fresh database: about 10 s alone, three times that on a busy two-core machine.
  }, 120_000);
});

describe('MIGRATE_ON_START', () => {
  it('is true unless set to false', () => {
    expect(loadConfig({}).migrateOnStart).toBe(true);
    expect(loadConfig({ MIGRATE_ON_START: 'false' }).migrateOnStart).toBe(false);
    expect(loadConfig({ MIGRATE_ON_START: 'true' }).migrateOnStart).toBe(true);
    expect(() => loadConfig({ MIGRATE_ON_START: 'later' })).toThrow(/MIGRATE_ON_START must be true or false/);
  });
});
