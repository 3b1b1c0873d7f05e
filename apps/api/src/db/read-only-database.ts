import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';
import { sessionOptionsOf, usePreparedReads, type Db, type PoolUse } from './database.ts';
import { openPreparedReads } from './prepared-reads.ts';

/** A read-only PostgreSQL server (a hot standby), opened as the primary is but never migrated or written to. */
export interface ReadOnlyDatabase {
  db: Db;
  pools(): { main: Omit<PoolUse, 'name'>; prepared: Omit<PoolUse, 'name'> };
  close(): Promise<void>;
}

export interface ReadOnlyOptions {
  /** Run in this schema, as the primary does (tests). */
  schemaName?: string | undefined;
  /** Shown in the server's pg_stat_activity, so its connections can be told apart. */
  applicationName: string;
  poolSize: number;
  preparedPoolSize: number;
  preparedStatements: number;
  /** How long opening a connection may take: a replica that does not answer must not hold a read for long. */
  connectTimeoutMs: number;
  onPoolError: (err: Error) => void;
}

/**
 * The connections to one read replica: an ordinary pool and prepared-read connections, as the
 * primary has, so every repository function runs on it unchanged (`queryRowsPrepared` included).
 * Errors of idle clients (the replica stopping) go to `onPoolError`, never up as unhandled.
 */
export function openReadOnlyPostgres(url: string, options: ReadOnlyOptions): ReadOnlyDatabase {
  const sessionOptions = sessionOptionsOf(options.schemaName, options.applicationName);
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize,
    options: sessionOptions,
    connectionTimeoutMillis: options.connectTimeoutMs,
  });
  pool.on('error', options.onPoolError);
  // Also while checked out (prepared-reads.ts says why): a replica stopping must never raise an unhandled error.
  pool.on('connect', (client) => client.on('error', options.onPoolError));
  const prepared = openPreparedReads({
    url,
    sessionOptions: `${sessionOptions} -c plan_cache_mode=force_generic_plan`,
    connections: options.preparedPoolSize,
    statementsPerConnection: options.preparedStatements,
    onError: options.onPoolError,
    connectTimeoutMs: options.connectTimeoutMs,
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  usePreparedReads(db, prepared);
  return {
    db,
    pools: () => ({
      main: { max: options.poolSize, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount },
      prepared: prepared.use(),
    }),
    close: async () => {
      await Promise.all([pool.end(), prepared.close()]);
    },
  };
}
