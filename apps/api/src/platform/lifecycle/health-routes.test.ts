import os from 'node:os';
import path from 'node:path';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase, type Database } from '../../db/database.ts';
import type { Readiness } from './health-routes.ts';

describe('health and readiness', () => {
  let app: FastifyInstance;
  let database: Database;
  let dataDir: string;
  const readiness: Readiness = { draining: false };

  beforeAll(async () => {
    // Its own connection (PostgreSQL when DATABASE_URL is set), so the test can take it away.
    database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolSize: 2 });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'toolshed-health-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'no-web') });
    app = await buildApp({ config, database, authSecret: 'health-test-secret-long-enough-for-signing-0', readiness });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("reports the version it runs (the workspace's, from source) and the commit when it is known", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const { version } = JSON.parse(await readFile(new URL('../../../../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(res.json()).toEqual({ ok: true, version });

    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      TOOLSHED_COMMIT: '95d16c5abc12',
    });
    const other = await buildApp({ config, database, authSecret: 'health-test-secret-long-enough-for-signing-0' });
    try {
      expect((await other.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ ok: true, version, commit: '95d16c5abc12' });
    } finally {
      await other.close();
    }
  });

  it('is ready while the database answers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ready: true });
  });

  it('answers 503 while draining, yet stays alive', async () => {
    readiness.draining = true;
    try {
      const res = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ ready: false, reason: 'shutting down' });
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      readiness.draining = false;
    }
  });

  it('answers 503 when the database is gone, while /api/health still answers', async () => {
    await database.close();
    const res = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ ready: false, reason: 'database unavailable' });
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ ok: true });
  });
});
