import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { registerErrorHandler } from '../http/error-handler.ts';
import { createErrorReporter, type ErrorReporter } from './error-reporter.ts';

/** A tracker's ingest endpoint: keeps what is POSTed to it. */
let tracker: Server;
let trackerUrl: string;
const received: Array<Record<string, unknown>> = [];
beforeAll(async () => {
  tracker = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push(JSON.parse(body) as Record<string, unknown>);
      res.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => tracker.listen(0, '127.0.0.1', resolve));
  trackerUrl = `http://127.0.0.1:${(tracker.address() as AddressInfo).port}/ingest`;
});
afterAll(async () => {
  await new Promise((resolve) => tracker.close(resolve));
});

const at = new Date('2026-11-26T12:00:30Z');

describe('the error reporter', () => {
  it('sends nothing without ERROR_REPORT_URL', async () => {
    let calls = 0;
    const reporter = createErrorReporter({
      url: undefined,
      service: 't',
      now: () => at,
      warn: () => {},
      fetchImpl: (async () => ((calls += 1), new Response())) as typeof fetch,
    });
    reporter.report({ source: 'job', error: { name: 'Error', message: 'x' }, context: {} });
    await reporter.flush();
    expect(calls).toBe(0);
  });

  it('sends at most its per-minute budget and says how many it dropped', async () => {
    let clock = at;
    const sent: string[] = [];
    const warnings: string[] = [];
    const reporter = createErrorReporter({
      url: 'http://tracker.invalid/ingest',
      service: 't',
      now: () => clock,
      warn: (obj, msg) => warnings.push(`${msg} ${JSON.stringify(obj)}`),
      perMinute: 3,
      fetchImpl: (async (_url: string, init: RequestInit) => (
        sent.push(String(init.body)),
        new Response(null, { status: 202 })
      )) as typeof fetch,
    });
    for (let i = 0; i < 5; i++) reporter.report({ source: 'job', error: { name: 'Error', message: `boom ${i}` }, context: { job: 'j' } });
    await reporter.flush();
    expect(sent.map((b) => (JSON.parse(b) as { error: { message: string } }).error.message)).toEqual(['boom 0', 'boom 1', 'boom 2']);
    clock = new Date(at.getTime() + 60_000);
    reporter.report({ source: 'job', error: { name: 'Error', message: 'next minute' }, context: {} });
    await reporter.flush();
    expect(sent).toHaveLength(4);
    expect(warnings).toEqual(['error reports dropped over the per-minute limit {"dropped":2}']);
  });

  it('reports an unhandled request error with its route and method, never the body or query', async () => {
    const reporter: ErrorReporter = createErrorReporter({ url: trackerUrl, service: 'toolshed-api', now: () => at, warn: () => {} });
    const app = Fastify();
    registerErrorHandler(app, reporter);
    app.post('/api/things/:id', async () => {
      throw new TypeError('cannot read the thing');
    });
    received.length = 0;
    const res = await app.inject({ method: 'POST', url: '/api/things/42?token=secret-token', payload: { password: 'hunter2 secret' } });
    expect(res.statusCode).toBe(500);
    await reporter.flush();
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      service: 'toolshed-api',
      at: at.toISOString(),
      source: 'request',
      error: { name: 'TypeError', message: 'cannot read the thing' },
      context: { route: '/api/things/:id', method: 'POST' },
    });
    expect(JSON.stringify(received[0])).not.toMatch(/hunter2|secret-token|\/42/);
    await app.close();
  });

  it('reports a job that failed for good from the app, configured by ERROR_REPORT_URL', async () => {
    const ctx: TestContext = await createTestApp({ env: { ERROR_REPORT_URL: trackerUrl } });
    try {
      ctx.app.jobs.register(
        'reporter-test.boom',
        async () => {
          throw new Error('the payout provider said no');
        },
        { maxAttempts: 1 },
      );
      received.length = 0;
      await ctx.app.jobs.enqueue('reporter-test.boom', {});
      await ctx.app.jobs.runDue();
      await ctx.app.errorReporter.flush();
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({
        source: 'job',
        error: { message: 'the payout provider said no' },
        context: { job: 'reporter-test.boom', attempt: 1 },
      });
    } finally {
      await ctx.close();
    }
  });
});
