import { ConfigError, loadConfig, type Config } from './config.ts';
import { buildApp } from './app.ts';
import { PendingMigrationsError, prepareDatabase } from './db/prepare-database.ts';
import { keepStatementShapes } from './db/statement-shapes.ts';
import { loadOrCreateSecret } from './platform/secrets.ts';
import { createLogger } from './platform/logging/create-logger.ts';
import { DataDirLockedError, lockDataDir, type DataDirLock } from './platform/lifecycle/data-dir-lock.ts';
import { installGracefulShutdown } from './platform/lifecycle/graceful-shutdown.ts';
import type { Readiness } from './platform/lifecycle/health-routes.ts';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`Toolshed cannot start; please correct these settings:\n${err.problems.map((p) => `  - ${p}\n`).join('')}`);
    process.exit(1);
  }
}

const config = readConfig();
const log = createLogger(config);
for (const warning of config.warnings) log.warn(warning);

// The embedded database belongs to one process: a second one on the same folder would lose writes.
let lock: DataDirLock | undefined;
if (!config.databaseUrl) {
  try {
    lock = await lockDataDir(config.dataDir);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    log.fatal(err.message);
    process.exit(1);
  }
  const held = lock;
  process.on('exit', () => held.release());
}

const started = performance.now();
const { database, storage } = await prepareDatabase(config, log, { seed: config.seedSampleData, migrate: config.migrateOnStart }).catch(
  (err: unknown) => {
    if (!(err instanceof PendingMigrationsError)) throw err;
    log.fatal(err.message);
    lock?.release();
    process.exit(1);
  },
);

// Plans the statements run before this start on the prepared-read connections before the first
// request, and writes down those run from now on (db/statement-shapes.ts).
const shapes = database.statementShapes;
const shapeKeeper = shapes
  ? keepStatementShapes(shapes, 60_000, (err) => log.warn({ err }, 'Could not write down the statements run'))
  : undefined;
if (shapes && config.databaseWarmStatements > 0) {
  const warm = await shapes.warm(config.databaseWarmStatements).catch((err: unknown) => {
    log.warn({ err }, 'Could not plan the statements run before this start');
    return undefined;
  });
  if (warm) log.info(`Planned ${warm.warmed} statements run before this start in ${warm.ms} ms (${warm.dropped} dropped)`);
}

const authSecret = await loadOrCreateSecret(config.authSecret, config.dataDir);
const readiness: Readiness = { draining: false };
const app = await buildApp({ config, database, storage, authSecret, logger: log, readiness });
installGracefulShutdown({
  app,
  readiness,
  log,
  timeoutMs: config.shutdownTimeoutMs,
  afterClose: async () => {
    await shapeKeeper?.stop();
    await database.close();
    lock?.release();
  },
});

await app.listen({ port: config.port, host: config.host });
const where = database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL server';
log.info(`Toolshed is running on ${config.appUrl} (${where}); ready in ${Math.round(performance.now() - started)} ms`);
