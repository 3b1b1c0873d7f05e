import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The embedded database only: a tarball of a freshly migrated data folder, which each test file opens a copy of. */
    pgliteTemplate: string | undefined;
  }
}

const EXTENSIONS = ['pg_trgm', 'btree_gist', 'cube', 'earthdistance'];

/**
 * Runs once before any test file. On the embedded database it migrates one database and saves its
 * data folder, uncompressed, for every test file to start from a copy: creating and migrating a
 * PGlite database costs about 5 s of CPU, opening a copy under 1 s. On a PostgreSQL server every test
 * file migrates its own schema; extensions are database-wide, so they are installed once, in public,
 * before any file starts (concurrent CREATE EXTENSION in per-file schemas would race and vanish with
 * the schema that happened to create them).
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'toolshed-template-'));
    const file = path.join(dir, 'pglite.tar');
    const database = await openDatabase({});
    try {
      await database.migrate();
      await writeFile(file, Buffer.from(await (await database.dumpDataDir!('none')).arrayBuffer()));
    } finally {
      await database.close();
    }
    project.provide('pgliteTemplate', file);
    return () => rm(dir, { recursive: true, force: true });
  }
  project.provide('pgliteTemplate', undefined);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const name of EXTENSIONS) {
      const found = await client.query<{ schema: string }>(
        'select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = $1',
        [name],
      );
      if (found.rows.length === 0) await client.query(`create extension if not exists ${name} schema public`);
      else if (found.rows[0]!.schema !== 'public') await client.query(`alter extension ${name} set schema public`);
    }
  } finally {
    await client.end();
  }
  return undefined;
}
