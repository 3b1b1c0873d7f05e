import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createLogger } from '../platform/logging/create-logger.ts';
import { openTestDatabase } from './test-app.ts';

export interface LogLine {
  reqId?: string;
  traceId?: string;
  msg: string;
  http?: { path: string; status: number };
}

/** An app whose log lines are captured; `env` adds settings (tracing). */
export async function appWithLog(env: NodeJS.ProcessEnv = {}) {
  const written: string[] = [];
  const opened = await openTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'toolshed-request-id-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'no-web'), ...env });
  const logger = createLogger(config, { write: (line: string) => void written.push(line) });
  const app = await buildApp({ config, database: opened.database, authSecret: 'request-id-test-secret-long-enough-0123', logger });
  await app.ready();
  return {
    app,
    lines: () =>
      written
        .join('')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as LogLine),
    async close() {
      await app.close();
      await opened.dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
