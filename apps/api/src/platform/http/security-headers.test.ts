import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { insertCategories } from '../../test/factories.ts';
import { registerSecurityHeaders } from './security-headers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await insertCategories(ctx.database.db);
});
afterAll(async () => ctx?.close());

describe('security headers on API answers', () => {
  it.each([
    ['a browse page', '/api/categories/all/items?search=drill', 200],
    ['an unknown address', '/api/no-such-thing', 404],
    ['a bad request', '/api/categories/all/items?maxPrice=lots', 400],
  ])('%s carries the policy the app sets', async (_label, url, status) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("img-src 'self' data: blob: https://tile.openstreetmap.org https://*.tile.openstreetmap.org");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    // Turned off: the map tiles come from another origin without CORP headers.
    expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
  });
});

describe('registerSecurityHeaders', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    registerSecurityHeaders(app, { contentSecurityPolicy: { directives: { 'default-src': ["'none'"] } } });
    app.get('/one', async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(async () => app.close());

  it('gives every request the same headers from the options it was built with', async () => {
    const first = await app.inject({ method: 'GET', url: '/one' });
    const second = await app.inject({ method: 'GET', url: '/one' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ok: true });
    expect(first.headers['content-security-policy']).toContain("default-src 'none'");
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(second.headers['x-content-type-options']).toBe('nosniff');
  });
});
