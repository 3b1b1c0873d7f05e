import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithLog } from '../../test/app-with-log.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

// The request id beside a trace id is tested in tracing.test.ts: test files share modules in a
// worker, and that file must be the first to load OpenTelemetry.

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
