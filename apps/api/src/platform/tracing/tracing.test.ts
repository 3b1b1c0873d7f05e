import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { appWithLog } from '../../test/app-with-log.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createItem, createUser, insertCategories } from '../../test/factories.ts';
import { openTelemetryLoaded, operationName } from './tracing.ts';

/** A span as OTLP/HTTP JSON carries it, with its attributes read into a plain object. */
interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  status?: { code?: number };
  attributes: Record<string, unknown>;
  resource: Record<string, unknown>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: number | string;
  boolValue?: boolean;
  doubleValue?: number;
}
type OtlpAttributes = Array<{ key: string; value: OtlpValue }>;
interface OtlpRequest {
  resourceSpans?: Array<{
    resource?: { attributes?: OtlpAttributes };
    scopeSpans?: Array<{ spans?: Array<Omit<ReceivedSpan, 'attributes' | 'resource'> & { attributes?: OtlpAttributes }> }>;
  }>;
}

const plain = (attributes: OtlpAttributes = []) =>
  Object.fromEntries(
    attributes.map(({ key, value }) => [
      key,
      value.stringValue ?? (value.intValue !== undefined ? Number(value.intValue) : (value.boolValue ?? value.doubleValue)),
    ]),
  );

// OTLP's span kinds.
const SERVER = 2;
const CLIENT = 3;
const CONSUMER = 5;
const STATUS_ERROR = 2;

/** An OpenTelemetry collector's OTLP/HTTP receiver: keeps what is POSTed to it, as JSON. */
let collector: Server;
let collectorUrl: string;
const posts: Array<{ path: string; contentType: string | undefined; body: string }> = [];
beforeAll(async () => {
  collector = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      posts.push({ path: req.url ?? '', contentType: req.headers['content-type'], body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  collectorUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => collector.close(resolve));
});

function receivedSpans(): ReceivedSpan[] {
  return posts.flatMap(({ body }) =>
    ((JSON.parse(body) as OtlpRequest).resourceSpans ?? []).flatMap((rs) =>
      (rs.scopeSpans ?? []).flatMap((ss) =>
        (ss.spans ?? []).map((span) => ({ ...span, attributes: plain(span.attributes), resource: plain(rs.resource?.attributes) })),
      ),
    ),
  );
}

const BROWSE = '/api/categories/power-tools/items?search=drill&maxPrice=50';
const CALLER_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';

// First: the module is shared by the whole file, and nothing may have loaded OpenTelemetry yet.
describe('without an OTLP endpoint', () => {
  it('loads no OpenTelemetry module and sends nothing', async () => {
    const ctx = await createTestApp();
    try {
      await insertCategories(ctx.database.db);
      expect((await ctx.app.inject({ method: 'GET', url: BROWSE })).statusCode).toBe(200);
      await ctx.app.jobs.runDue();
    } finally {
      await ctx.close();
    }
    expect(openTelemetryLoaded()).toBe(false);
    expect(posts).toEqual([]);
  });
});

describe('with OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  let spans: ReceivedSpan[];
  beforeAll(async () => {
    const ctx = await createTestApp({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl, OTEL_SERVICE_NAME: 'toolshed-tracing-test' } });
    try {
      const db = ctx.database.db;
      await insertCategories(db);
      await createItem(db, (await createUser(db)).id, { name: 'Cordless drill', dailyRatePence: 1500 });
      expect((await ctx.app.inject({ method: 'GET', url: BROWSE })).statusCode).toBe(200);
      const continued = await ctx.app.inject({
        method: 'GET',
        url: '/api/categories/power-tools/items?search=drill&page=1',
        headers: { traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01` },
      });
      expect(continued.statusCode).toBe(200);
      // A request with a body: its handler runs after the body has been read from the socket.
      const sent = await ctx.app.inject({
        method: 'POST',
        url: '/api/support-requests',
        headers: { origin: 'http://localhost:3000', cookie: 'session=not-for-traces' },
        payload: { name: 'Amy', email: 'amy@example.com', subject: 'Hello', message: 'a message that must not be traced' },
      });
      expect(sent.statusCode).toBe(201);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing?token=secret-token' })).statusCode).toBe(404);
      ctx.app.jobs.register('tracing-test.job', async () => {
        await db.execute(sql`select 1 as one`);
      });
      await ctx.app.jobs.enqueue('tracing-test.job', {}, { runAt: new Date(Date.now() - 1_000) });
      await ctx.app.jobs.runDue();
    } finally {
      // Closing the app sends what is left (its onClose).
      await ctx.close();
    }
    spans = receivedSpans();
  });

  const serverSpans = (name: string) => spans.filter((s) => s.kind === SERVER && s.name === name);
  const childrenOf = (parent: ReceivedSpan) => spans.filter((s) => s.traceId === parent.traceId && s.parentSpanId === parent.spanId);

  it("POSTs OTLP/HTTP JSON to the endpoint's /v1/traces, with the service name", () => {
    expect(posts.length).toBeGreaterThan(0);
    expect(posts.every((p) => p.path === '/v1/traces' && p.contentType === 'application/json')).toBe(true);
    expect(spans.every((s) => s.resource['service.name'] === 'toolshed-tracing-test')).toBe(true);
  });

  it('has a server span per request, named by method and route pattern, without the query string', () => {
    const browse = serverSpans('GET /api/categories/:categoryId/items').find((s) => s.traceId !== CALLER_TRACE);
    expect(browse).toBeDefined();
    expect(browse!.parentSpanId || undefined).toBeUndefined();
    expect(browse!.attributes).toMatchObject({
      'http.request.method': 'GET',
      'http.route': '/api/categories/:categoryId/items',
      'http.response.status_code': 200,
      'url.path': '/api/categories/power-tools/items',
    });
    expect(browse!.status?.code ?? 0).not.toBe(STATUS_ERROR);
  });

  it('has the database queries of a request as client spans of its trace, without their parameters', () => {
    const browse = serverSpans('GET /api/categories/:categoryId/items').find((s) => s.traceId !== CALLER_TRACE)!;
    const queries = childrenOf(browse).filter((s) => s.kind === CLIENT);
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) {
      expect(query.attributes['db.system']).toBe('postgresql');
      expect(query.attributes['db.operation.name']).toMatch(/^[A-Z]+$/);
      expect(query.name).toBe(query.attributes['db.operation.name']);
      expect(typeof query.attributes['db.query.text']).toBe('string');
    }
    expect(queries.some((q) => q.attributes['db.operation.name'] === 'SELECT' || q.attributes['db.operation.name'] === 'WITH')).toBe(true);
  });

  it('names a request no route answers by its method alone', () => {
    const unmatched = spans.find((s) => s.kind === SERVER && s.attributes['url.path'] === '/api/no-such-thing');
    expect(unmatched).toMatchObject({ name: 'GET', attributes: { 'http.response.status_code': 404 } });
    expect(unmatched!.attributes['http.route']).toBeUndefined();
    expect(unmatched!.status?.code ?? 0).not.toBe(STATUS_ERROR);
  });

  it('continues the trace of an incoming traceparent header', () => {
    const continued = serverSpans('GET /api/categories/:categoryId/items').find((s) => s.traceId === CALLER_TRACE);
    expect(continued).toBeDefined();
    expect(continued!.parentSpanId).toBe(CALLER_SPAN);
    expect(childrenOf(continued!).filter((s) => s.kind === CLIENT).length).toBeGreaterThan(0);
  });

  it('keeps the queries of a request with a body inside its trace', () => {
    const [post] = serverSpans('POST /api/support-requests');
    expect(post).toBeDefined();
    expect(post!.attributes['http.response.status_code']).toBe(201);
    expect(childrenOf(post!).some((s) => s.kind === CLIENT && s.attributes['db.operation.name'] === 'INSERT')).toBe(true);
  });

  it("has a span per job run with its name and outcome, and the job's queries inside it", () => {
    const job = spans.find((s) => s.name === 'job tracing-test.job');
    expect(job).toBeDefined();
    expect(job!.kind).toBe(CONSUMER);
    expect(job!.attributes).toMatchObject({
      'toolshed.job.name': 'tracing-test.job',
      'toolshed.job.outcome': 'done',
      'toolshed.job.attempt': 1,
    });
    const queries = childrenOf(job!);
    expect(queries.some((q) => q.attributes['db.query.text'] === 'select 1 as one')).toBe(true);
    // The queue's own update of the job's row is in the run too.
    expect(queries.some((q) => q.attributes['db.operation.name'] === 'UPDATE')).toBe(true);
  });

  it('leaves out health checks, and every query string, cookie, body and query parameter', () => {
    expect(spans.some((s) => s.attributes['http.route'] === '/api/health')).toBe(false);
    const everything = posts.map((p) => p.body).join('\n');
    expect(everything).not.toContain('maxPrice');
    expect(everything).not.toContain('search=');
    expect(everything).not.toContain('not-for-traces');
    expect(everything).not.toContain('secret-token');
    expect(everything).not.toContain('must not be traced');
    expect(everything).not.toContain('amy@example.com');
    expect(everything.toLowerCase()).not.toContain('drill');
    // Statements outside a request or a job (the queue polling for due jobs) start no trace.
    expect(spans.filter((s) => s.kind === CLIENT).every((s) => s.parentSpanId)).toBe(true);
  });
});

describe('tracing settings', () => {
  it('sends to OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces, or to OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as it is', () => {
    expect(loadConfig({}).tracing).toBeUndefined();
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }).tracing).toEqual({
      tracesUrl: 'http://collector:4318/v1/traces',
      serviceName: 'toolshed-api',
    });
    expect(
      loadConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://traces.example/otlp',
        OTEL_SERVICE_NAME: 'api-eu',
      }).tracing,
    ).toEqual({ tracesUrl: 'https://traces.example/otlp', serviceName: 'api-eu' });
  });

  it('refuses an endpoint that is not an http(s) URL, without repeating it', () => {
    try {
      loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as ConfigError).problems).toEqual([
        'OTEL_EXPORTER_OTLP_ENDPOINT must be an http:// or https:// URL, e.g. http://otel-collector:4318',
      ]);
    }
  });

  it("names a query by its statement's first keyword", () => {
    expect(operationName('select 1')).toBe('SELECT');
    expect(operationName('  /* browse */ -- note\n with x as (select 1) select * from x')).toBe('WITH');
    expect(operationName('(select 1) union (select 2)')).toBe('SELECT');
    expect(operationName('$1')).toBeUndefined();
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
