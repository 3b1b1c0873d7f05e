import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createItem, createRental, createUser, insertCategories } from '../../test/factories.ts';
import { signIn } from '../../test/auth-helpers.ts';
import { isQuietPath } from '../logging/loggable-path.ts';
import { ConfigError, loadConfig } from '../../config.ts';

/** The value of one series of an exposition, found by its name and exact labels. */
function value(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = match[2] ? match[2].split(/,(?=[a-zA-Z_]\w*=")/) : [];
    if (wanted.length === present.length && wanted.every((w) => present.includes(w))) return Number(match[3]);
  }
  return undefined;
}

describe('GET /metrics without METRICS_TOKEN', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    await insertCategories(db);
    const owner = await createUser(db);
    const renter = await createUser(db);
    const drill = await createItem(db, owner.id);
    await createRental(db, drill, renter.id, 2, 3);
    await createRental(db, drill, renter.id, 10, 1, { cancelledAt: new Date() });
    // A job due a minute ago that no process handles: it waits in the queue.
    await ctx.app.jobs.enqueue('metrics-test.unhandled', {}, { runAt: new Date(Date.now() - 60_000) });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('times a browse request under its route pattern, never its address', async () => {
    const browse = await ctx.app.inject({ method: 'GET', url: '/api/categories/power-tools/items?maxPrice=50' });
    expect(browse.statusCode).toBe(200);

    const scrape = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(scrape.statusCode).toBe(200);
    expect(scrape.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = scrape.body;
    const series = { method: 'GET', route: '/api/categories/:categoryId/items', status: '200' };
    expect(value(text, 'http_request_duration_seconds_count', series)).toBeGreaterThanOrEqual(1);
    expect(value(text, 'http_request_duration_seconds_bucket', { ...series, le: '+Inf' })).toBeGreaterThanOrEqual(1);
    expect(value(text, 'http_request_duration_seconds_sum', series)).toBeGreaterThan(0);
    expect(value(text, 'http_requests_total', series)).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('power-tools');
    expect(text).not.toContain('maxPrice');
  });

  it('says which build answers: toolshed_build_info with the version, commit and Node.js version, always 1', async () => {
    const text = (await ctx.app.inject({ method: 'GET', url: '/metrics' })).body;
    const { version } = (await ctx.app.inject({ method: 'GET', url: '/api/health' })).json<{ version: string }>();
    expect(value(text, 'toolshed_build_info', { version, commit: 'unknown', node: process.version })).toBe(1);
  });

  it('reads the job queue, bookings and payments from the database at scrape time', async () => {
    const text = (await ctx.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(value(text, 'toolshed_jobs_due', { name: 'metrics-test.unhandled' })).toBe(1);
    expect(value(text, 'toolshed_jobs_queued', { name: 'metrics-test.unhandled' })).toBe(1);
    expect(value(text, 'toolshed_jobs_oldest_due_age_seconds')).toBeGreaterThanOrEqual(59);
    expect(value(text, 'toolshed_bookings', { state: 'open' })).toBe(1);
    expect(value(text, 'toolshed_bookings', { state: 'cancelled' })).toBe(1);
    expect(value(text, 'toolshed_bookings', { state: 'returned' })).toBe(0);
    expect(value(text, 'toolshed_metrics_database_up')).toBe(1);
    // The runtime's own figures come along.
    expect(value(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    if (ctx.database.kind === 'postgres') expect(value(text, 'toolshed_db_pool_max_connections', { pool: 'main' })).toBe(10);
  });

  it('counts job runs by outcome', async () => {
    ctx.app.jobs.register(
      'metrics-test.flaky',
      async () => {
        throw new Error('not today');
      },
      { maxAttempts: 1 },
    );
    await ctx.app.jobs.enqueue('metrics-test.flaky', {});
    await ctx.app.jobs.runDue();
    const text = (await ctx.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(value(text, 'toolshed_job_runs_total', { name: 'metrics-test.flaky', outcome: 'failed' })).toBe(1);
    expect(value(text, 'toolshed_jobs_failed', { name: 'metrics-test.flaky' })).toBe(1);
  });

  it('is left out of the OpenAPI document and of the info log', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
    expect(Object.keys(doc.paths).length).toBeGreaterThan(10);
    expect(isQuietPath('/metrics')).toBe(true);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  const token = 'a-scraper-token-0123456789';
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { METRICS_TOKEN: token, AUTH_RATE_LIMIT: '1' } });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('answers 401 without the token or with a wrong one, and the metrics with it', async () => {
    const none = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(none.body).not.toContain('http_requests_total');
    for (const authorization of [`Bearer ${token}x`, 'Bearer wrong', `Basic ${token}`, token, 'Bearer ']) {
      expect((await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization } })).statusCode).toBe(401);
    }
    const ok = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(ok.statusCode).toBe(200);
    expect(value(ok.body, 'http_requests_total', { method: 'GET', route: '/metrics', status: '401' })).toBe(6);
  });

  it('counts rate-limit refusals (429)', async () => {
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await signIn(ctx.app, 'nobody@example.com', 'wrong password')).statusCode);
    expect(codes).toContain(429);
    const text = (await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } })).body;
    const refusals = text.split('\n').filter((l) => l.startsWith('toolshed_rate_limited_total{'));
    expect(refusals.reduce((sum, l) => sum + Number(l.split(' ').at(-1)), 0)).toBe(codes.filter((c) => c === 429).length);
  });
});

describe('METRICS_TOKEN', () => {
  it('is unset by default, must be 16 characters or more, and is never echoed in the error', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'sixteen-chars-ok' }).metricsToken).toBe('sixteen-chars-ok');
    const err = (() => {
      try {
        loadConfig({ METRICS_TOKEN: 'short-secret' });
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).problems).toEqual(['METRICS_TOKEN must be at least 16 characters']);
  });
});
