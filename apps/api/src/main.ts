import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from './config.ts';
import { buildApp, mediaDir } from './app.ts';
import { openDatabase } from './db/database.ts';
import { seedIfEmpty } from './db/seed/seed-catalogue.ts';
import { createLocalFileStorage } from './platform/storage/file-storage.ts';
import { loadOrCreateSecret } from './platform/secrets.ts';

const config = loadConfig();
await mkdir(config.dataDir, { recursive: true });
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') });
await database.migrate();
const storage = createLocalFileStorage(mediaDir(config));
const seeded = await seedIfEmpty(database.db, storage);
if (seeded) console.log(`Seeded the sample catalogue: ${seeded.items} items, ${seeded.rentals} rentals.`);

const authSecret = await loadOrCreateSecret(config.authSecret, config.dataDir);
const app = await buildApp({ config, database, storage, authSecret });

const shutdown = async (signal: string) => {
  app.log.info(`${signal} received, shutting down`);
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
console.log(`Toolshed is running on http://localhost:${config.port} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL server'})`);
