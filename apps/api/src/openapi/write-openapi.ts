import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';

/**
 * Writes the API's OpenAPI document as JSON to the file named on the command line: the app is built
 * on an empty in-memory database, as the document depends only on the routes.
 *   tsx apps/api/src/openapi/write-openapi.ts <file>
 */
const out = process.argv[2];
if (!out) throw new Error('usage: write-openapi.ts <file>');
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'toolshed-openapi-'));
const database = await openDatabase({});
try {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'no-web'), JOBS: 'off' });
  const app = await buildApp({ config, database, authSecret: 'a-secret-only-for-writing-the-document-0123' });
  await app.ready();
  await writeFile(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
  await app.close();
} finally {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}
