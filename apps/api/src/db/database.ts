import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema.ts';
import { observable, observePglite, observePool, type QueryObserver } from './observe-queries.ts';
import { DEFAULT_PREPARED_STATEMENTS, openPreparedReads, statementName, type PreparedReads } from './prepared-reads.ts';
import { statementShapes, type StatementShapes } from './statement-shapes.ts';
import { plainQuery } from './plain-query.ts';
import { applyFunctions } from './functions.ts';
import { queryRows } from './query-rows.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The database or an open transaction: what a repository function writes through. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: the schema this database runs in, when not the default (tests); read replicas use it too. */
  schemaName?: string | undefined;
  /** Applies pending migrations; on PostgreSQL under an advisory lock, so processes starting together migrate once. */
  migrate(): Promise<void>;
  /** The migrations (their file names without `.sql`) not yet applied to this database, oldest first. */
  pendingMigrations(): Promise<string[]>;
  /**
   * Runs `fn` while no other process runs a task of the same name on this database (a PostgreSQL
   * advisory lock, per schema); the embedded database has one process by construction.
   */
  exclusively<T>(name: string, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** This process's connection pools and their use (none for the embedded database). */
  pools(): PoolUse[];
  /** PostgreSQL only: the statements the prepared-read connections keep, and how many they have prepared, warmed and deallocated. */
  preparedStatements?(): { kept: number; prepared: number; warmed: number; deallocated: number };
  /** PostgreSQL only: the statements the prepared reads have run, written down and planned again at start (statement-shapes.ts). */
  statementShapes?: StatementShapes;
  /**
   * The embedded database only: a gzipped tarball of its whole data folder, taken while it runs
   * (PGlite's dumpDataDir); open it again with `pgliteLoadDataDir` (docs/OPERATIONS.md). Tests take
   * it uncompressed ('none'), which opens faster.
   */
  dumpDataDir?(compression?: 'gzip' | 'none'): Promise<Blob>;
  /**
   * Tells `observer` of every statement sent from now on (its text, without parameters) and of its end
   * (tracing); the driver is wrapped on the first call only, so a database nobody observes runs as it is.
   */
  observeQueries(observer: QueryObserver | undefined): void;
}

export interface PoolUse {
  name: 'main' | 'prepared';
  max: number;
  total: number;
  idle: number;
  waiting: number;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * What drizzle's migrator would apply: every migration of the journal made after the last one
 * recorded in the migrations table (all of them when the table does not exist yet).
 */
async function pendingIn(db: Db, migrationsSchema: string): Promise<string[]> {
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const table = `"${migrationsSchema.replaceAll('"', '""')}"."__drizzle_migrations"`;
  const [found] = await queryRows<{ exists: boolean }>(db, sql`select to_regclass(${table}) is not null as exists`);
  let last = -Infinity;
  if (found?.exists) {
    const [row] = await queryRows<{ last: string | number | null }>(db, sql.raw(`select max(created_at) as last from ${table}`));
    if (row?.last !== null && row?.last !== undefined) last = Number(row.last);
  }
  return journal.entries.filter((e) => e.when > last).map((e) => e.tag);
}

export interface DatabaseOptions {
  /** A PostgreSQL server; without it the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files; omit for an in-memory database. */
  pgliteDir?: string | undefined;
  /** PGlite only: start from this dump of a data folder (`dumpDataDir`); `pgliteDir` must be empty or new. */
  pgliteLoadDataDir?: Blob | undefined;
  /** PostgreSQL only: run in this schema (tests use one schema per file). */
  schemaName?: string | undefined;
  poolSize?: number | undefined;
  /** PostgreSQL only: connections kept for prepared reads (`queryRowsPrepared`), beside `poolSize`. */
  preparedPoolSize?: number | undefined;
  /** PostgreSQL only: the most statements each of those connections keeps prepared (prepared-reads.ts). */
  preparedStatements?: number | undefined;
  /** Where connection errors of idle PostgreSQL clients are reported. */
  onPoolError?: ((err: Error) => void) | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  return openPglite(options.pgliteDir, options.pgliteLoadDataDir);
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<Database> {
  const client = await PGlite.create(dataDir, {
    extensions: { btree_gist, pg_trgm, cube, earthdistance },
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(db, { migrationsFolder });
      await applyFunctions((statements) =>
        client.transaction(async (tx) => {
          for (const statement of statements) await tx.exec(statement);
        }),
      );
    },
    pendingMigrations: () => pendingIn(db as unknown as Db, 'drizzle'),
    exclusively: (_name, fn) => fn(),
    close: () => client.close(),
    pools: () => [],
    dumpDataDir: (compression = 'gzip') => client.dumpDataDir(compression),
    observeQueries: observable((observer) => observePglite(client, observer)),
  };
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  const { schemaName, poolSize = 20, preparedPoolSize = 4, preparedStatements = DEFAULT_PREPARED_STATEMENTS } = options;
  const sessionOptions = sessionOptionsOf(schemaName);
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: sessionOptions });
  // Prepared reads have their own connections, which always keep the generic plan: the statements
  // sent there are chosen for plans that do not depend on parameter values (see queryRowsPrepared).
  const prepared = openPreparedReads({
    url,
    sessionOptions: `${sessionOptions} -c plan_cache_mode=force_generic_plan`,
    connections: preparedPoolSize,
    statementsPerConnection: preparedStatements,
    onError: options.onPoolError,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (err) => options.onPoolError?.(err));
  const db = drizzlePg(pool, { schema });
  preparedReads.set(db as unknown as Db, prepared);
  const migrationsSchema = schemaName ? `${schemaName}_migrations` : 'drizzle';
  const exclusively = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    // The session holds the lock; if this process dies, PostgreSQL releases it with the connection.
    const key = `toolshed:${name}:${schemaName ?? 'default'}`;
    try {
      await client.query('select pg_advisory_lock(hashtext($1))', [key]);
      try {
        return await fn();
      } finally {
        await client.query('select pg_advisory_unlock(hashtext($1))', [key]);
      }
    } finally {
      client.release();
    }
  };
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    schemaName,
    migrate: () =>
      exclusively('migrate', async () => {
        if (schemaName) await pool.query(`CREATE SCHEMA IF NOT EXISTS "${schemaName}"`);
        await migratePg(db, { migrationsFolder, migrationsSchema });
        await applyFunctions(async (statements) => {
          const client = await pool.connect();
          try {
            await client.query('BEGIN');
            for (const statement of statements) await client.query(statement);
            await client.query('COMMIT');
          } catch (err) {
            await client.query('ROLLBACK').catch(() => undefined);
            throw err;
          } finally {
            client.release();
          }
        });
      }),
    pendingMigrations: () => pendingIn(db as unknown as Db, migrationsSchema),
    exclusively,
    close: async () => {
      await Promise.all([pool.end(), prepared.close()]);
    },
    pools: () => [
      { name: 'main', max: poolSize, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount },
      { name: 'prepared', ...prepared.use() },
    ],
    preparedStatements: () => prepared.statements(),
    statementShapes: statementShapes(db as unknown as Db, prepared, preparedPoolSize),
    observeQueries: observable((observer) => {
      observePool(pool, observer);
      prepared.observe(observer);
    }),
  };
}

/** The session settings of every connection: the schema (tests), the name it shows, no JIT. */
export function sessionOptionsOf(schemaName: string | undefined, applicationName?: string): string {
  const searchPath = schemaName ? `-c search_path=${schemaName},public` : '';
  const application = applicationName ? `-c application_name=${applicationName}` : '';
  // No JIT compilation: every statement here reads a few thousand rows at most, and PostgreSQL
  // compiles a query whose estimated cost passes jit_above_cost on every execution, which cost 5 ms
  // (a browse takes 1-2) whenever a generic plan's estimate was pessimistic (decision 019).
  return `${searchPath} ${application} -c jit=off`.replace(/\s+/g, ' ').trim();
}

/** One round trip to the database, for readiness checks. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

// Its own module so that modules database.ts itself imports (the statement shapes) can use it.
export { queryRows };

const dialect = new PgDialect();

/** On PostgreSQL, the connections prepared reads go to (openPostgres, and each read replica's). */
const preparedReads = new WeakMap<Db, PreparedReads>();

/** Sends `db`'s prepared reads (`queryRowsPrepared`) to these connections. */
export function usePreparedReads(db: Db, prepared: PreparedReads): void {
  preparedReads.set(db, prepared);
}

/**
 * `queryRows` as a named prepared statement, named after a hash of its text, for reads outside a
 * transaction. On PostgreSQL it runs on the prepared-read connections (prepared-reads.ts), where a
 * statement is parsed once and planned once (`plan_cache_mode=force_generic_plan`): by default
 * PostgreSQL plans the first five runs of every statement on every connection afresh, and with
 * hundreds of browse shapes on each of many connections, most browses were being planned. So only
 * for statements whose good plan does not hinge on a parameter's value: never a LIKE pattern on
 * items, and no LIMIT or OFFSET as a parameter (its generic estimate is a tenth of the rows). PGlite
 * runs it as usual.
 */
export async function queryRowsPrepared<T>(db: Db, query: SQL): Promise<T[]> {
  const built = plainQuery(query) ?? dialect.sqlToQuery(query);
  const prepared = preparedReads.get(db);
  if (prepared) return prepared.run<T>(built.sql, built.params);
  const result = (await db._.session.prepareQuery(built, undefined, statementName(built.sql), false).execute()) as unknown as {
    rows: T[];
  };
  return result.rows;
}
