import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { ORIGIN } from '../test/auth-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

/** Every API that needs a session. Later features add their routes here. */
const ID = '00000000-0000-4000-8000-000000000000';
const PROTECTED: Array<{ method: 'GET' | 'PATCH' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object }> = [
  { method: 'GET', url: '/api/me' },
  { method: 'PATCH', url: '/api/me', payload: { name: 'Someone' } },
  { method: 'PUT', url: '/api/me/address', payload: { line: '1 Road', city: 'Leeds', postcode: 'LS1 4AP' } },
  { method: 'GET', url: '/api/notifications/unread-count' },
  { method: 'GET', url: '/api/me/rentals' },
  { method: 'GET', url: '/api/me/items' },
  { method: 'GET', url: '/api/me/wheelbarrow' },
  { method: 'PUT', url: '/api/me/wheelbarrow', payload: { lines: [] } },
  { method: 'GET', url: '/api/me/saved' },
  { method: 'GET', url: '/api/me/saved/ids' },
  { method: 'PUT', url: `/api/me/saved/${ID}` },
  { method: 'DELETE', url: `/api/me/saved/${ID}` },
  { method: 'POST', url: '/api/items', payload: { name: 'x' } },
  { method: 'PUT', url: `/api/items/${ID}`, payload: { name: 'x' } },
  { method: 'DELETE', url: `/api/items/${ID}` },
  { method: 'POST', url: `/api/items/${ID}/images` },
  { method: 'DELETE', url: `/api/items/${ID}/images/${ID}` },
  { method: 'PUT', url: `/api/items/${ID}/images/order`, payload: { imageIds: [] } },
  { method: 'POST', url: `/api/rentals/${ID}/return`, payload: {} },
  { method: 'GET', url: `/api/rentals/${ID}` },
  { method: 'GET', url: `/api/orders/${ID}` },
  {
    method: 'POST',
    url: '/api/checkout',
    payload: {
      lines: [{ itemId: ID, startDate: '2030-01-01', endDate: '2030-01-02' }],
      card: { number: '4242424242424242', expiry: '12/30', cvv: '123', name: 'A B' },
      idempotencyKey: 'abcdefgh12',
    },
  },
];

describe('protected APIs without a session', () => {
  it.each(PROTECTED)('$method $url answers 401', async ({ method, url, payload }) => {
    const res = await ctx.app.inject({ method, url, headers: { origin: ORIGIN }, ...(payload ? { payload } : {}) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' } });
  });

  it('treats a forged session cookie as no session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: 'toolshed.session_token=forged.value' } });
    expect(res.statusCode).toBe(401);
  });

  it('get-session answers null for a visitor', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/get-session' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeNull();
  });
});
