import { ConfigError, loadConfig } from '../config.ts';
import { createLogger } from '../platform/logging/create-logger.ts';
import { DataDirLockedError, lockDataDir } from '../platform/lifecycle/data-dir-lock.ts';
import { openConfiguredDatabase } from './prepare-database.ts';

/**
 * `npm run db:migrate` (compiled: `node apps/api/dist/migrate.js`): the release step. Applies the
 * pending migrations to the configured database, the server at DATABASE_URL (under the advisory lock
 * that processes starting together share) or the embedded one in DATA_DIR (which no server may have
 * open meanwhile), then exits. Servers started with MIGRATE_ON_START=false expect it to have run.
 */
try {
  const config = loadConfig();
  const log = createLogger(config);
  const lock = config.databaseUrl ? undefined : await lockDataDir(config.dataDir);
  try {
    const database = await openConfiguredDatabase(config, log);
    try {
      const pending = await database.pendingMigrations();
      await database.migrate();
      const where = database.kind === 'pglite' ? `the embedded database in ${config.dataDir}` : 'the PostgreSQL server';
      log.info(
        pending.length === 0
          ? `No migrations pending on ${where}`
          : `Applied ${pending.length} migration${pending.length === 1 ? '' : 's'} to ${where}: ${pending.join(', ')}`,
      );
      const left = await database.pendingMigrations();
      if (left.length > 0) throw new Error(`migrations still pending after migrating: ${left.join(', ')}`);
    } finally {
      await database.close();
    }
  } finally {
    lock?.release();
  }
} catch (err) {
  if (!(err instanceof ConfigError || err instanceof DataDirLockedError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exitCode = 1;
}
