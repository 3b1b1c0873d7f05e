import { ConfigError, loadConfig } from '../../config.ts';
import { createLogger } from '../../platform/logging/create-logger.ts';
import { DataDirLockedError, lockDataDir } from '../../platform/lifecycle/data-dir-lock.ts';
import { prepareDatabase } from '../prepare-database.ts';

/**
 * `npm run seed`: migrates the configured database and fills it with the sample catalogue if it has
 * none, on request, wherever it is (a PostgreSQL server or production included).
 */
try {
  const config = loadConfig();
  const log = createLogger(config);
  const lock = config.databaseUrl ? undefined : await lockDataDir(config.dataDir);
  try {
    const { database } = await prepareDatabase(config, log, { seed: true });
    await database.close();
  } finally {
    lock?.release();
  }
} catch (err) {
  if (!(err instanceof ConfigError || err instanceof DataDirLockedError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exitCode = 1;
}
