import pg from 'pg';

/**
 * The bench database's PostgreSQL around a browse run (run.ts): its settings and the size of what
 * browsing reads, the background work a first start leaves to settle, and the browse relations
 * loaded into its page cache when they fit.
 */

export interface PostgresSettings {
  version: string;
  /** The database's own page cache: when the indexes a browse walks do not fit, every browse also copies pages from the OS. */
  sharedBuffers: string;
  sharedBuffersBytes: number;
  /** Bytes of the tables and indexes browsing reads (items, the search vocabulary, owners, first images). */
  browseRelationsBytes: number;
}

export async function postgresSettings(url: string): Promise<PostgresSettings> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ version: string; shared_buffers: string; buffers_bytes: string; bytes: string }>(`
      select current_setting('server_version') as version, current_setting('shared_buffers') as shared_buffers,
             (select (setting::bigint * current_setting('block_size')::bigint)::text from pg_settings where name = 'shared_buffers') as buffers_bytes,
             (select coalesce(sum(pg_total_relation_size(c.oid)), 0) from pg_class c
               where c.relname in ('items', 'search_vocabulary', 'users', 'item_images') and c.relkind = 'r'
                 and c.relnamespace = to_regnamespace(current_schema()))::text as bytes`);
    const row = rows[0]!;
    return {
      version: row.version,
      sharedBuffers: row.shared_buffers,
      sharedBuffersBytes: Number(row.buffers_bytes),
      browseRelationsBytes: Number(row.bytes),
    };
  } finally {
    await client.end();
  }
}

/**
 * Waits (up to two minutes) until the background jobs due at the servers' start have run (the first
 * start on a fresh bench database sends the morning notices of thousands of rentals), then, when
 * autovacuum is off on this PostgreSQL (as on some CI images), vacuums the jobs table as autovacuum
 * would have: the finished jobs' dead rows otherwise made every poll for due jobs read about 900 pages.
 */
export async function settleBackgroundWork(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const { rows } = await client.query<{ due: number }>(
        `select count(*)::int as due from jobs where status in ('queued', 'running') and run_at <= now()`,
      );
      if ((rows[0]?.due ?? 0) <= 5 || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    const { rows } = await client.query<{ autovacuum: string }>(`select current_setting('autovacuum') as autovacuum`);
    if (rows[0]?.autovacuum === 'off') {
      console.log('\nautovacuum is off on this PostgreSQL: vacuuming the jobs table as it would have.');
      await client.query('vacuum (analyze) jobs');
    }
  } finally {
    await client.end();
  }
}

const BROWSE_TABLES = ['items', 'search_vocabulary', 'users', 'item_images', 'category_item_counts', 'categories'];

/**
 * When shared_buffers can hold what browsing reads, loads those tables and their indexes into it
 * (pg_prewarm), as a server that has been answering for a while has them: otherwise each query's first
 * touch of a page copies it in from the OS, evicting another, and the run measures a cold start.
 * Returns what it did, for the report.
 */
export async function prewarmBrowse(url: string, settings: PostgresSettings): Promise<string> {
  if (settings.sharedBuffersBytes < settings.browseRelationsBytes * 1.1)
    return 'not prewarmed: shared_buffers is smaller than what browsing reads';
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('create extension if not exists pg_prewarm');
    const { rows } = await client.query<{ blocks: string }>(
      `select coalesce(sum(pg_prewarm(c.oid::regclass)), 0)::text as blocks from pg_class c
        where c.relnamespace = to_regnamespace(current_schema())
          and (c.relname = any($1) or c.oid in (select i.indexrelid from pg_index i join pg_class t on t.oid = i.indrelid
                                                 where t.relname = any($1) and t.relnamespace = to_regnamespace(current_schema())))`,
      [BROWSE_TABLES],
    );
    return `prewarmed ${Math.round((Number(rows[0]?.blocks ?? 0) * 8) / 1024)} MB into shared_buffers (pg_prewarm)`;
  } catch (err) {
    return `not prewarmed: ${err instanceof Error ? err.message : String(err)}`;
  } finally {
    await client.end();
  }
}
