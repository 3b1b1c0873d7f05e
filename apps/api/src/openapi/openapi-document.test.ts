import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { derivedOperationId, OPERATION_IDS } from './operation-ids.ts';

interface Operation {
  operationId?: string;
  parameters?: { in: string; name: string; schema?: { type?: string } }[];
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
interface Document {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}

const ERROR_REF = { $ref: '#/components/schemas/Error' };

/** Every object in a JSON value that looks like the error body written out, not referenced. */
function inlineErrorShapes(value: unknown, found: unknown[] = []): unknown[] {
  if (Array.isArray(value)) value.forEach((v) => inlineErrorShapes(v, found));
  else if (value && typeof value === 'object') {
    const error = (value as { properties?: { error?: { properties?: Record<string, unknown> } } }).properties?.error;
    if (error?.properties && 'code' in error.properties && 'message' in error.properties) found.push(value);
    Object.values(value).forEach((v) => inlineErrorShapes(v, found));
  }
  return found;
}

describe('the OpenAPI document', () => {
  let ctx: TestContext;
  let doc: Document;
  let operations: { key: string; operation: Operation }[];
  beforeAll(async () => {
    ctx = await createTestApp({ env: { APP_URL: 'https://toolshed.test' } });
    doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<Document>();
    operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation })),
    );
  });
  afterAll(async () => ctx?.close());

  it('is valid OpenAPI (swagger-parser)', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('names the deployment it is served by', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: 'https://toolshed.test' })]);
  });

  it('gives every operation its declared camelCase operationId, each used once', () => {
    expect(operations.length).toBeGreaterThan(80);
    const undeclared = operations.filter(({ key }) => OPERATION_IDS[key] === undefined).map(({ key }) => key);
    expect(undeclared, 'add these to openapi/operation-ids.ts').toEqual([]);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.every((id) => /^[a-z][A-Za-z0-9]*$/.test(id ?? ''))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.find(({ key }) => key === 'GET /api/me/rentals')?.operation.operationId).toBe('listMyRentals');
    // No stale names: each declared one belongs to an operation.
    expect(Object.keys(OPERATION_IDS).filter((key) => !operations.some((o) => o.key === key))).toEqual([]);
  });

  it('states the error body once, as components/schemas/Error, and refers to it from every error answer', () => {
    expect(doc.components.schemas.Error).toMatchObject({ properties: { error: { required: ['code', 'message'] } } });
    const { Error: _component, ...others } = doc.components.schemas;
    expect(inlineErrorShapes([doc.paths, others])).toEqual([]);
    const errorAnswers = operations.flatMap(({ key, operation }) =>
      Object.entries(operation.responses)
        .filter(([status]) => Number(status) >= 400)
        .map(([status, response]) => ({ where: `${key} ${status}`, schema: response.content?.['application/json']?.schema })),
    );
    expect(errorAnswers.length).toBeGreaterThan(200);
    expect(errorAnswers.filter((a) => JSON.stringify(a.schema) !== JSON.stringify(ERROR_REF))).toEqual([]);
  });

  it('types page and pageSize as integers wherever they are asked for', () => {
    const paging = operations.flatMap(({ key, operation }) =>
      (operation.parameters ?? []).filter((p) => p.in === 'query' && (p.name === 'page' || p.name === 'pageSize')).map((p) => ({ key, p })),
    );
    expect(paging.map(({ key }) => key)).toEqual(
      expect.arrayContaining(['GET /api/categories/{categoryId}/items', 'GET /api/me/transactions']),
    );
    expect(paging.filter(({ p }) => p.schema?.type !== 'integer')).toEqual([]);
  });

  it('reads a browse page size given as text in the query string as the number it is, and refuses one that is not', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/categories/all/items?pageSize=3&page=' });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ page: 1, pageSize: 3 });
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/categories/all/items?pageSize=two' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: { code: 'VALIDATION', message: 'Page size must be a whole number from 1 to 100', field: 'pageSize' },
    });
  });
});

describe('derivedOperationId', () => {
  it.each([
    ['get', '/api/me/rentals', 'getMeRentals'],
    ['post', '/api/rentals/{rentalId}/cancel', 'postRentalsByRentalIdCancel'],
    ['get', '/api/me/transactions.csv', 'getMeTransactionsCsv'],
    ['delete', '/api/me/calendar-sources/{sourceId}', 'deleteMeCalendarSourcesBySourceId'],
  ])('names %s %s %s', (method, path, name) => {
    expect(derivedOperationId(method, path)).toBe(name);
  });
});
