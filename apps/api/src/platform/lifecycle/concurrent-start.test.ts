import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { CATEGORIES } from '@toolshed/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './server-process.ts';

const serverUrl = process.env.DATABASE_URL;
const journal = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations/meta/_journal.json');

/** Runs on a PostgreSQL server only (DATABASE_URL): a fresh, empty database made for the test. */
describe.skipIf(!serverUrl)('processes starting together on one empty PostgreSQL database', () => {
  const name = `toolshed_start_${randomBytes(4).toString('hex')}`;
  let admin: pg.Client;
  let databaseUrl: string;
  let dataDir: string;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'toolshed-start-'));
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await admin?.query(`drop database if exists "${name}" with (force)`);
    await admin?.end();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('migrate once, add no sample data and all become ready', async () => {
    // One shared media folder, as several processes behind a load balancer would have.
    servers.push(
      ...(await Promise.all(
        [1, 2, 3].map(() => startServerProcess({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, SEED_SAMPLE_DATA: undefined })),
      )),
    );
    await Promise.all(servers.map((s) => s.ready(120_000)));

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const expected = (JSON.parse(await readFile(journal, 'utf8')) as { entries: unknown[] }).entries.length;
      const applied = await db.query<{ n: number; distinct_hashes: number }>(
        'select count(*)::int as n, count(distinct hash)::int as distinct_hashes from drizzle.__drizzle_migrations',
      );
      expect(applied.rows[0]).toEqual({ n: expected, distinct_hashes: expected });
      const counts = await db.query<{ users: number; items: number; rentals: number; categories: number }>(
        'select (select count(*)::int from users) as users, (select count(*)::int from items) as items, (select count(*)::int from rentals) as rentals, (select count(*)::int from categories) as categories',
      );
      // The product's categories, and nothing made up.
      expect(counts.rows[0]).toEqual({ users: 0, items: 0, rentals: 0, categories: CATEGORIES.length });
    } finally {
      await db.end();
    }
    for (const server of servers) expect(server.output()).not.toContain('Seeded the sample catalogue');
  }, 240_000);
});
