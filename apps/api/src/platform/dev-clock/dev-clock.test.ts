import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { ORIGIN } from '../../test/auth-helpers.ts';

const production = { NODE_ENV: 'production', APP_URL: 'https://toolshed.example', AUTH_SECRET: 'x'.repeat(40), MAIL_OUTBOX: 'true' };

describe('the development clock', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { DEV_CLOCK: 'true' } });
  });
  afterAll(async () => ctx?.close());

  it('is never on in production, whatever DEV_CLOCK says', () => {
    expect(loadConfig({ ...production, DEV_CLOCK: 'true' }).devClock).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', DEV_CLOCK: 'true' }).devClock).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).devClock).toBe(false);
  });

  it('moves the app forward by whole days, and refuses anything else without moving', async () => {
    const move = (payload: unknown) =>
      ctx.app.inject({ method: 'POST', url: '/dev/clock', headers: { origin: ORIGIN }, payload: payload as object });
    const before = Date.now();
    const moved = await move({ days: 8 });
    expect(moved.statusCode).toBe(200);
    const shown = new Date(moved.json().now).getTime();
    expect(shown - before).toBeGreaterThanOrEqual(8 * 86_400_000);
    expect(shown - before).toBeLessThan(8 * 86_400_000 + 60_000);
    const refused = await move({ days: -1 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('Send { "days": n } with n from 1 to 366, or { "hours": n } with n from 1 to 8784.');
    expect((await move({ hours: 0 })).statusCode).toBe(400);
    const again = new Date((await move({ days: 1 })).json().now).getTime();
    expect(again - shown).toBeGreaterThanOrEqual(86_400_000);
    expect(again - shown).toBeLessThan(86_400_000 + 60_000);
    // By hours too, to reach a time of day (a deposit held at midnight, its card due by noon).
    const later = new Date((await move({ hours: 5 })).json().now).getTime();
    expect(later - again).toBeGreaterThanOrEqual(5 * 3_600_000);
    expect(later - again).toBeLessThan(5 * 3_600_000 + 60_000);
  });

  it('is not there without DEV_CLOCK', async () => {
    const plain = await createTestApp();
    try {
      expect(
        (await plain.app.inject({ method: 'POST', url: '/dev/clock', headers: { origin: ORIGIN }, payload: { days: 1 } })).statusCode,
      ).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
