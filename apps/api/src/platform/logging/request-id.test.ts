import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { createLogger } from './create-logger.ts';

interface LogLine {
  reqId?: string;
  traceId?: string;
  msg: string;
  http?: { path: string; status: number };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** An app whose log lines are captured; `env` adds settings (tracing). */
async function appWithLog(env: NodeJS.ProcessEnv = {}) {
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

describe('request ids', () => {
  let ctx: Awaited<ReturnType<typeof appWithLog>>;
  let app: FastifyInstance;
  beforeAll(async () => {
    ctx = await appWithLog();
    app = ctx.app;
  });
  afterAll(async () => ctx?.close());

  const linesOf = (id: string) => ctx.lines().filter((l) => l.reqId === id);

  it("keeps a caller's X-Request-Id, answers with it and writes it on the request's log lines", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/categories', headers: { 'x-request-id': 'lb-7f3a.91:2' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('lb-7f3a.91:2');
    expect(linesOf('lb-7f3a.91:2').map((l) => l.msg)).toEqual([expect.stringMatching(/^GET \/api\/categories 200 /)]);
  });

  it('makes a new id when none is sent, different for each request', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/categories' });
    const second = await app.inject({ method: 'GET', url: '/api/categories' });
    const ids = [first.headers['x-request-id'], second.headers['x-request-id']];
    expect(ids).toEqual([expect.stringMatching(UUID), expect.stringMatching(UUID)]);
    expect(ids[0]).not.toBe(ids[1]);
    expect(linesOf(String(ids[0]))).toHaveLength(1);
  });

  it.each([
    ['too long', 'a'.repeat(129)],
    ['with spaces', 'two words'],
    ['with a line break', 'x\\nforged log line'],
    ['with quotes and braces', '{"level":60}'],
    ['empty', ''],
  ])('replaces an id that is %s with a new one', async (_what, sent) => {
    const res = await app.inject({ method: 'GET', url: '/api/categories', headers: { 'x-request-id': sent } });
    expect(res.headers['x-request-id']).toMatch(UUID);
    expect(ctx.lines().some((l) => l.reqId === sent)).toBe(false);
  });

  it('also answers errors and unknown addresses with the id', async () => {
    const missing = await app.inject({ method: 'GET', url: '/api/items/no-such-item', headers: { 'x-request-id': 'req-404' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toBe('req-404');
    const unauthenticated = await app.inject({ method: 'GET', url: '/api/me', headers: { 'x-request-id': 'req-401' } });
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.headers['x-request-id']).toBe('req-401');
    expect(linesOf('req-401')).toHaveLength(1);
  });
});

describe('request ids with tracing on', () => {
  let ctx: Awaited<ReturnType<typeof appWithLog>>;
  // Nothing listens there: spans are dropped, which is all this test needs.
  beforeAll(async () => (ctx = await appWithLog({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' })));
  afterAll(async () => ctx?.close());

  it("writes the request's trace id beside its request id", async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/categories',
      headers: { 'x-request-id': 'traced-1', traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    expect(res.statusCode).toBe(200);
    expect(ctx.lines().filter((l) => l.reqId === 'traced-1')).toEqual([expect.objectContaining({ traceId, http: expect.anything() })]);
  });
});
