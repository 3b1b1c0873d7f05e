import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { FileStorage } from '../platform/storage/file-storage.ts';
import { createStorage } from '../platform/storage/create-storage.ts';
import { openDatabase, type Database } from './database.ts';
import { seedIfEmpty, syncCategories } from './seed/seed-catalogue.ts';

/**
 * Opens the configured database, applies migrations, brings the categories up to date and, when `seed`
 * is true, fills an empty database with the sample catalogue. Both run under an advisory lock on PostgreSQL, so processes starting
 * together migrate once and seed at most once.
 */
export async function prepareDatabase(config: Config, log: FastifyBaseLogger, options: { seed: boolean }): Promise<{ database: Database; storage: FileStorage }> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    onPoolError: (err) => log.warn({ err }, 'a PostgreSQL connection was lost; the pool replaces it'),
  });
  await database.migrate();
  await database.exclusively('categories', () => syncCategories(database.db));
  const storage = createStorage(config);
  if (options.seed) {
    const seeded = await database.exclusively('seed', () => seedIfEmpty(database.db, storage));
    if (seeded) log.info(`Seeded the sample catalogue: ${seeded.items} items, ${seeded.rentals} rentals`);
    else log.info('The database already has a catalogue; sample data not added');
  }
  return { database, storage };
}
