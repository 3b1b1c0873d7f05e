import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { FileStorage } from '../platform/storage/file-storage.ts';
import { createStorage } from '../platform/storage/create-storage.ts';
import { openDatabase, type Database } from './database.ts';
import { seedIfEmpty, syncCategories } from './seed/seed-catalogue.ts';

/** MIGRATE_ON_START=false and the database is behind the code: the release step was not run. */
export class PendingMigrationsError extends Error {
  constructor(readonly pending: string[]) {
    super(
      `The database has ${pending.length} pending migration${pending.length === 1 ? '' : 's'} (${pending.join(', ')}) and MIGRATE_ON_START is false: ` +
        'run `npm run db:migrate` (or `node apps/api/dist/migrate.js`) with the same DATABASE_URL or DATA_DIR first, then start the server.',
    );
    this.name = 'PendingMigrationsError';
  }
}

/** Opens the configured database (the embedded one in DATA_DIR or the server at DATABASE_URL). */
export function openConfiguredDatabase(config: Config, log: FastifyBaseLogger): Promise<Database> {
  return openDatabase({
    databaseUrl: config.databaseUrl,
    preparedPoolSize: config.databaseReadConnections,
    preparedStatements: config.databasePreparedStatements,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    onPoolError: (err) => log.warn({ err }, 'a PostgreSQL connection was lost; the pool replaces it'),
  });
}

/**
 * Opens the configured database, applies migrations (unless `migrate` is false: then it refuses a
 * database with pending migrations, closing it and throwing PendingMigrationsError), brings the
 * categories up to date and, when `seed` is true, fills an empty database with the sample catalogue.
 * Each runs under an advisory lock on PostgreSQL, so processes starting together migrate once and
 * seed at most once.
 */
export async function prepareDatabase(
  config: Config,
  log: FastifyBaseLogger,
  options: { seed: boolean; migrate?: boolean },
): Promise<{ database: Database; storage: FileStorage }> {
  const database = await openConfiguredDatabase(config, log);
  if (options.migrate ?? true) await database.migrate();
  else {
    const pending = await database.pendingMigrations();
    if (pending.length > 0) {
      await database.close();
      throw new PendingMigrationsError(pending);
    }
  }
  await database.exclusively('categories', () => syncCategories(database.db));
  const storage = createStorage(config);
  if (options.seed) {
    const seeded = await database.exclusively('seed', () => seedIfEmpty(database.db, storage));
    if (seeded) log.info(`Seeded the sample catalogue: ${seeded.items} items, ${seeded.rentals} rentals`);
    else log.info('The database already has a catalogue; sample data not added');
  }
  return { database, storage };
}
