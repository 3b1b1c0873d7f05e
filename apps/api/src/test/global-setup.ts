import pg from 'pg';

const EXTENSIONS = ['pg_trgm', 'btree_gist', 'cube', 'earthdistance'];

/**
 * On a PostgreSQL server every test file migrates its own schema. Extensions are database-wide, so
 * they are installed once, in public, before any file starts (concurrent CREATE EXTENSION in
 * per-file schemas would race and vanish with the schema that happened to create them).
 */
export default async function setup(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) return;
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
}
