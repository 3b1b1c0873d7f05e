import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Attributes, Context, Span } from '@opentelemetry/api';
import type { TracingSettings } from '../../config.ts';
import type { QueryObserver } from '../../db/observe-queries.ts';
import type { JobQueueOptions } from '../jobs/job-queue.ts';
import { loggablePath } from '../logging/loggable-path.ts';

/**
 * OpenTelemetry tracing, by hand: the server runs as one bundle, where the usual automatic
 * instrumentation (require hooks patching modules as they load) cannot work. Started only when an
 * OTLP endpoint is configured: the OpenTelemetry packages are imported here and nowhere else, so a
 * process without one never loads them.
 */
export interface Tracing {
  /** A server span per request, from Fastify hooks: add before any other hook, so that theirs run inside it. */
  traceRequests(app: FastifyInstance): void;
  /** For `Database.observeQueries`: a client span per statement sent inside a request or a job run. */
  query: QueryObserver;
  /** For the job queue's `aroundRun`: a span per job run, with its name and outcome. */
  aroundJob: NonNullable<JobQueueOptions['aroundRun']>;
  /** Sends the spans ended so far. */
  flush(): Promise<void>;
  /** Sends what is left (waiting at most a few seconds, so the database still closes in time) and stops; spans ended later are dropped. */
  shutdown(): Promise<void>;
}

export interface TracingOptions {
  /** `deployment.environment.name` of every span's resource. */
  environment: string;
  /** Where the SDK's own problems go (a collector that cannot be reached), at most one a minute. */
  warn(message: string): void;
}

let loaded = false;

/** Whether this process has loaded OpenTelemetry (it has not unless tracing was started). */
export const openTelemetryLoaded = (): boolean => loaded;

/** Probes and scrapes, asked every few seconds, are not traced. */
const UNTRACED_ROUTES = new Set(['/api/health', '/api/ready', '/metrics']);

/** How long closing waits for the last spans to be sent. */
const SHUTDOWN_WAIT_MS = 3_000;

/** Statements longer than this are cut in `db.query.text`. */
const MAX_QUERY_TEXT = 4_096;

/** The statement's first keyword (`SELECT`, `INSERT`, `WITH`, ...), after any comments and parentheses. */
export function operationName(text: string): string | undefined {
  const match = /^(?:\s+|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/|\()*([A-Za-z]+)/.exec(text);
  return match?.[1]?.toUpperCase();
}

/** What an error is, for `error.type`: a PostgreSQL error's SQLSTATE, else its class name; never its message. */
function errorType(err: unknown): string {
  if (typeof err === 'object' && err !== null) {
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && code !== '') return code;
    if (err instanceof Error) return err.name;
  }
  return 'Error';
}

interface RequestTrace {
  span: Span;
  context: Context;
  error?: unknown;
}

export async function startTracing(settings: TracingSettings, options: TracingOptions): Promise<Tracing> {
  const [api, core, resources, sdk, otlp] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/core'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/exporter-trace-otlp-http'),
  ]);
  loaded = true;
  const { SpanKind, SpanStatusCode, ROOT_CONTEXT, trace } = api;

  // The SDK reports failed exports through the (process-wide) diagnostic logger.
  let lastWarning = -Infinity;
  const warnAtMostEveryMinute = (message: unknown) => {
    if (Date.now() - lastWarning < 60_000) return;
    lastWarning = Date.now();
    options.warn(`tracing: ${String(message)}`);
  };
  const quiet = () => {};
  api.diag.setLogger(
    { error: warnAtMostEveryMinute, warn: warnAtMostEveryMinute, info: quiet, debug: quiet, verbose: quiet },
    { logLevel: api.DiagLogLevel.WARN, suppressOverrideMessage: true },
  );

  const provider = new sdk.TracerProvider({
    resource: resources.resourceFromAttributes({
      'service.name': settings.serviceName,
      'deployment.environment.name': options.environment,
    }),
    spanProcessors: [new sdk.BatchSpanProcessor({ exporter: new otlp.OTLPTraceExporter({ url: settings.tracesUrl }) })],
  });
  const tracer = provider.getTracer('@toolshed/api');
  const propagator = new core.W3CTraceContextPropagator();
  // The span of the request or job run being served: a context of this process's own, so that several
  // apps in one process (tests) never share the API's global one.
  const active = new AsyncLocalStorage<Context>();

  function recordError(span: Span, err: unknown): void {
    span.setAttribute('error.type', errorType(err));
    if (err instanceof Error) span.recordException(err);
  }

  function traceRequests(app: FastifyInstance): void {
    const requests = new WeakMap<FastifyRequest, RequestTrace>();

    app.addHook('onRequest', (request, reply, done) => {
      const route = request.routeOptions.url;
      if (route !== undefined && UNTRACED_ROUTES.has(route)) return done();
      // Continues the caller's trace when it sends a W3C `traceparent` header.
      const parent = propagator.extract(ROOT_CONTEXT, request.headers, api.defaultTextMapGetter);
      const attributes: Attributes = {
        'http.request.method': request.method,
        // Without its query string, and without a token carried in the path.
        'url.path': loggablePath(request.url),
        'url.scheme': request.protocol,
      };
      if (route !== undefined) attributes['http.route'] = route;
      const span = tracer.startSpan(
        route !== undefined ? `${request.method} ${route}` : request.method,
        { kind: SpanKind.SERVER, attributes },
        parent,
      );
      const context = trace.setSpan(parent, span);
      requests.set(request, { span, context });
      // Every log line of the request names its trace, to go from a log line to its spans.
      const log = request.log.child({ traceId: span.spanContext().traceId });
      request.log = log;
      reply.log = log;
      // The hooks after this one and, for a request without a body, the handler run inside the span.
      active.run(context, done);
    });
    // A body is read from the socket's events, outside the span: the handler is put back inside it.
    app.addHook('preValidation', (request, _reply, done) => {
      const traced = requests.get(request);
      if (traced) active.run(traced.context, done);
      else done();
    });
    app.addHook('onError', async (request, _reply, error) => {
      const traced = requests.get(request);
      if (traced) traced.error = error;
    });
    app.addHook('onResponse', async (request, reply) => {
      const traced = requests.get(request);
      if (!traced) return;
      requests.delete(request);
      const status = reply.statusCode;
      traced.span.setAttribute('http.response.status_code', status);
      if (status >= 500) {
        traced.span.setStatus({ code: SpanStatusCode.ERROR });
        if (traced.error !== undefined) recordError(traced.span, traced.error);
        else traced.span.setAttribute('error.type', String(status));
      }
      traced.span.end();
    });
    app.addHook('onRequestAbort', async (request) => {
      const traced = requests.get(request);
      if (!traced) return;
      requests.delete(request);
      traced.span.setAttribute('error.type', 'aborted');
      traced.span.end();
    });
  }

  const query: QueryObserver = (text) => {
    const parent = active.getStore();
    // Statements outside a request or a job run (the job queue's polling) are not traced.
    if (!parent) return undefined;
    const operation = operationName(text);
    const attributes: Attributes = {
      'db.system': 'postgresql',
      'db.system.name': 'postgresql',
      // The statement as sent, with $1-style placeholders: its parameters are never recorded.
      'db.query.text': text.length > MAX_QUERY_TEXT ? text.slice(0, MAX_QUERY_TEXT) : text,
    };
    if (operation) attributes['db.operation.name'] = operation;
    const span = tracer.startSpan(operation ?? 'postgresql', { kind: SpanKind.CLIENT, attributes }, parent);
    return (error) => {
      if (error !== undefined) {
        span.setStatus({ code: SpanStatusCode.ERROR });
        span.setAttribute('error.type', errorType(error));
        const sqlState = (error as { code?: unknown }).code;
        if (typeof sqlState === 'string') span.setAttribute('db.response.status_code', sqlState);
      }
      span.end();
    };
  };

  const aroundJob: Tracing['aroundJob'] = async (job, run) => {
    const span = tracer.startSpan(
      `job ${job.name}`,
      {
        kind: SpanKind.CONSUMER,
        attributes: { 'toolshed.job.name': job.name, 'toolshed.job.id': job.id, 'toolshed.job.attempt': job.attempt },
      },
      ROOT_CONTEXT,
    );
    try {
      const result = await active.run(trace.setSpan(ROOT_CONTEXT, span), run);
      span.setAttribute('toolshed.job.outcome', result.outcome);
      if (result.outcome !== 'done') {
        span.setStatus({ code: SpanStatusCode.ERROR });
        recordError(span, result.error);
      }
      return result;
    } catch (err) {
      span.setStatus({ code: SpanStatusCode.ERROR });
      recordError(span, err);
      throw err;
    } finally {
      span.end();
    }
  };

  return {
    traceRequests,
    query,
    aroundJob,
    flush: () => provider.forceFlush(),
    async shutdown() {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => (timer = setTimeout(resolve, SHUTDOWN_WAIT_MS, 'late')));
      try {
        if ((await Promise.race([provider.shutdown(), late])) === 'late')
          options.warn(`tracing: the last spans were not sent within ${SHUTDOWN_WAIT_MS} ms`);
      } catch (err) {
        options.warn(`tracing: the last spans could not be sent (${err instanceof Error ? err.message : String(err)})`);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
