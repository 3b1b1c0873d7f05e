import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { createAuth } from '../../modules/auth/auth.ts';
import { AUTH_BASE_PATH } from '../../modules/auth/auth-path.ts';
import { createJobQueue } from '../../platform/jobs/job-queue.ts';
import { resolveRefs, type JsonSchema } from './json-schema.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Operation {
  method: Method;
  /** With {name} placeholders, e.g. /api/items/{itemId}. */
  path: string;
  pathParams: string[];
  query: Record<string, JsonSchema>;
  /** A JSON body's schema, or undefined when the operation takes none (or takes multipart). */
  body: JsonSchema | undefined;
  source: 'openapi' | 'auth';
}

interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** Every operation of the app's own OpenAPI document: routes added later are included with no list to edit. */
export function openApiOperations(app: FastifyInstance): Operation[] {
  const doc = app.swagger() as {
    paths?: Record<string, Record<string, OpenApiOperation>>;
    components?: { schemas?: Record<string, JsonSchema> };
  };
  const components = doc.components?.schemas ?? {};
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths ?? {})) {
    // The account endpoints are documented by hand and served by better-auth: `authOperations` reads them from better-auth itself.
    if (path.startsWith(`${AUTH_BASE_PATH}/`)) continue;
    for (const [method, op] of Object.entries(methods)) {
      const upper = method.toUpperCase();
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(upper)) continue;
      const params = op.parameters ?? [];
      ops.push({
        method: upper as Method,
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: Object.fromEntries(params.filter((p) => p.in === 'query').map((p) => [p.name, resolveRefs(p.schema, components) ?? {}])),
        body: resolveRefs(op.requestBody?.content?.['application/json']?.schema, components),
        source: 'openapi',
      });
    }
  }
  return ops;
}

interface AuthEndpoint {
  path?: string;
  options?: { method?: string | string[]; metadata?: { SERVER_ONLY?: boolean }; body?: unknown; query?: unknown };
}

function toJsonSchema(schema: unknown): JsonSchema | undefined {
  if (!schema) return undefined;
  try {
    return z.toJSONSchema(schema as z.ZodType, { unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return { type: 'object', properties: {} };
  }
}

/**
 * The auth library's endpoints (hidden from our OpenAPI document behind one relay route), read from
 * the library itself so that its new endpoints are fuzzed too.
 */
export function authOperations(database: Database): Operation[] {
  const auth = createAuth({
    db: database.db,
    mailer: { send: async () => undefined },
    jobs: createJobQueue({ db: database.db }),
    appUrl: 'http://localhost:3000',
    secret: 'fuzz-secret-that-is-long-enough-for-signing-0123456789',
    secureCookies: false,
  });
  const ops: Operation[] = [];
  for (const endpoint of Object.values(auth.api) as AuthEndpoint[]) {
    if (!endpoint.path || !endpoint.options || endpoint.options.metadata?.SERVER_ONLY) continue;
    const methods = [endpoint.options.method ?? 'GET'].flat().filter((m) => m === 'GET' || m === 'POST') as Method[];
    const query = toJsonSchema(endpoint.options.query);
    for (const method of methods) {
      ops.push({
        method,
        path: `${AUTH_BASE_PATH}${endpoint.path.replace(/:(\w+)/g, '{$1}')}`,
        pathParams: [...endpoint.path.matchAll(/:(\w+)/g)].map((m) => m[1]!),
        query: query?.properties ?? {},
        body: method === 'POST' ? toJsonSchema(endpoint.options.body) : undefined,
        source: 'auth',
      });
    }
  }
  return ops;
}
