import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VitalsSummary } from '@toolshed/core/contract';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createSignedInUser, ORIGIN } from '../../test/auth-helpers.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';

let ctx: TestContext;
let member: { cookie: string };
const mailer = createMemoryMailer();
let clock = new Date('2030-06-10T22:30:00Z'); // 23:30 in London (BST): still 10 June there

beforeAll(async () => {
  ctx = await createTestApp({ now: () => clock, mailer });
  member = await createSignedInUser(ctx.app, mailer, 'member@example.com', 'Mia Member');
});
afterAll(async () => ctx?.close());

const report = (metrics: unknown, ip = '203.0.113.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/vitals', headers: { origin: ORIGIN }, remoteAddress: ip, payload: { metrics } });
const summary = async () =>
  ((await ctx.app.inject({ method: 'GET', url: '/api/vitals/daily', headers: { cookie: member.cookie } })).json() as VitalsSummary).days;

describe('/api/vitals/daily is for signed-in members only', () => {
  it('answers 401 to a visitor and the summary to a member', async () => {
    const visitor = await ctx.app.inject({ method: 'GET', url: '/api/vitals/daily' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.code).toBe('UNAUTHENTICATED');
    const signedIn = await ctx.app.inject({ method: 'GET', url: '/api/vitals/daily', headers: { cookie: member.cookie } });
    expect(signedIn.statusCode).toBe(200);
    expect(Array.isArray(signedIn.json().days)).toBe(true);
  });
});

describe('/api/vitals', () => {
  it('adds reports to one daily row per metric and page kind, by the London day', async () => {
    expect(
      (
        await report([
          { name: 'LCP', value: 1200, rating: 'good', page: 'browse' },
          { name: 'CLS', value: 0.02, rating: 'good', page: 'browse' },
        ])
      ).statusCode,
    ).toBe(204);
    expect((await report([{ name: 'LCP', value: 3000, rating: 'needs-improvement', page: 'browse' }])).statusCode).toBe(204);
    expect((await report([{ name: 'INP', value: 600, rating: 'poor', page: 'item' }])).statusCode).toBe(204);

    const days = await summary();
    expect(days.find((d) => d.metric === 'LCP' && d.page === 'browse')).toEqual({
      day: '2030-06-10',
      metric: 'LCP',
      page: 'browse',
      samples: 2,
      average: 2100,
      good: 1,
      needsImprovement: 1,
      poor: 0,
    });
    expect(days.find((d) => d.metric === 'INP')).toMatchObject({ page: 'item', samples: 1, poor: 1 });
    expect(days.find((d) => d.metric === 'CLS')).toMatchObject({ average: 0.02, good: 1 });

    clock = new Date('2030-06-10T23:30:00Z'); // past midnight in London: a new day
    await report([{ name: 'LCP', value: 800, rating: 'good', page: 'browse' }]);
    expect((await summary()).filter((d) => d.metric === 'LCP' && d.page === 'browse').map((d) => [d.day, d.samples])).toEqual([
      ['2030-06-11', 1],
      ['2030-06-10', 2],
    ]);
  });

  it.each([
    ['an unknown metric', [{ name: 'FID', value: 10, rating: 'good', page: 'browse' }]],
    ['a negative value', [{ name: 'LCP', value: -1, rating: 'good', page: 'browse' }]],
    ['an absurd value', [{ name: 'LCP', value: 1e9, rating: 'good', page: 'browse' }]],
    ['an address instead of a page kind', [{ name: 'LCP', value: 10, rating: 'good', page: '/owner/123' }]],
    ['no metrics', []],
    ['too many metrics at once', Array.from({ length: 11 }, () => ({ name: 'CLS', value: 0, rating: 'good', page: 'other' }))],
  ])('refuses %s and records nothing', async (_case, metrics) => {
    const before = JSON.stringify(await summary());
    const res = await report(metrics, '203.0.113.2');
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(await summary())).toBe(before);
  });

  it('limits how often one address may report', async () => {
    const ok = { name: 'CLS', value: 0, rating: 'good', page: 'other' };
    const codes: number[] = [];
    for (let i = 0; i < 32; i++) codes.push((await report([ok], '198.51.100.7')).statusCode);
    expect(codes.filter((c) => c === 204)).toHaveLength(30);
    expect(codes.at(-1)).toBe(429);
  });
});
