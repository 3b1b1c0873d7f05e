import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@toolshed/core/contract';
import { withAccountEndpoints } from '../modules/auth/auth-openapi.ts';
import { derivedOperationId, OPERATION_IDS } from './operation-ids.ts';

/**
 * Schemas the document states once, under `components/schemas`, and references everywhere else
 * (every route's error answers are the one `Error`). Its own registry, not zod's global one, so
 * nothing else in the process can add a component by accident.
 */
const components = z.registry<{ id: string }>();
components.add(errorBodySchema, { id: 'Error' });

type Document = Record<string, unknown> & {
  paths?: Record<string, Record<string, Record<string, unknown>>>;
  components?: { schemas?: Record<string, unknown> };
};

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** Components no operation (nor another component) refers to: the registry also writes an input copy of each. */
function withoutUnusedSchemas(doc: Document): Document {
  const schemas = doc.components?.schemas;
  if (!schemas) return doc;
  const { components: _components, ...rest } = doc;
  const used = JSON.stringify([rest, doc.components && { ...doc.components, schemas: undefined }]);
  let kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.includes(`"#/components/schemas/${name}"`)));
  // Schemas referenced only from other kept schemas.
  for (let grew = true; grew;) {
    const inKept = JSON.stringify(kept);
    const more = Object.entries(schemas).filter(([name]) => !(name in kept) && inKept.includes(`"#/components/schemas/${name}"`));
    grew = more.length > 0;
    kept = { ...kept, ...Object.fromEntries(more) };
  }
  return { ...doc, components: { ...doc.components, schemas: kept } };
}

/**
 * Any route refuses a NUL or an unpaired surrogate in its address, query or body with a 400
 * (platform/http/input-guard.ts), including routes whose schema has no other 400.
 */
const unstorableInput = {
  description: 'The address, query or body holds a character that cannot be stored (a NUL or an unpaired surrogate)',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
};

type Response = { description?: string; content?: Record<string, { schema?: unknown }> };

/** Errors are JSON whatever a route produces (a CSV download's 401 too): platform/http/error-handler.ts. */
const errorAsJson = (status: string, response: Response): Response => {
  const schema = Object.values(response.content ?? {})[0]?.schema;
  return Number(status) >= 400 && schema && !response.content?.['application/json']
    ? { ...response, content: { 'application/json': { schema } } }
    : response;
};

const finishOperation = (method: string, path: string, operation: Record<string, unknown>) => {
  const given = (operation.responses ?? {}) as Record<string, Response>;
  const responses = Object.fromEntries(Object.entries(given).map(([status, response]) => [status, errorAsJson(status, response)]));
  return {
    operationId: OPERATION_IDS[`${method.toUpperCase()} ${path}`] ?? derivedOperationId(method, path),
    ...operation,
    responses: '400' in responses ? responses : { ...responses, 400: unstorableInput },
  };
};

/** Every operation named (operation-ids.ts), and where the API is served. */
export function finishDocument(doc: Document, appUrl: string): Document {
  const paths = Object.fromEntries(
    Object.entries(doc.paths ?? {}).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([method, operation]) =>
          HTTP_METHODS.has(method) ? [method, finishOperation(method, path, operation)] : [method, operation],
        ),
      ),
    ]),
  );
  return withoutUnusedSchemas({ ...doc, servers: [{ url: appUrl, description: 'This deployment (APP_URL)' }], paths });
}

/** The OpenAPI document, built from the routes' zod schemas and served at /api/docs (JSON at /api/docs/json). */
export async function registerOpenApi(app: FastifyInstance, options: { appUrl: string }): Promise<void> {
  const toObject = createJsonSchemaTransformObject({ schemaRegistry: components });
  await app.register(swagger, {
    openapi: withAccountEndpoints({
      title: 'Toolshed API',
      version: '1.0.0',
      description: 'Browse, book and lend tools between neighbours. Money is integer pence; dates are YYYY-MM-DD in Europe/London.',
    }),
    transform: createJsonSchemaTransform({ schemaRegistry: components }),
    transformObject: (input) => finishDocument(toObject(input) as Document, options.appUrl) as ReturnType<typeof toObject>,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
