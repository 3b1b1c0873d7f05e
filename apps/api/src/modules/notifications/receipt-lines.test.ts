import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RentalView } from '@toolshed/core/contract';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { post } from '../../test/auth-helpers.ts';
import { createItem, insertCategories } from '../../test/factories.ts';
import { renterAndOwner, TEST_CARD } from '../checkout/checkout-test-fixtures.ts';

/** 10:00 in London on 10 Mar 2029. */
const clock = new Date('2029-03-10T10:00:00.000Z');
const mailer = createMemoryMailer();
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ mailer, now: () => clock });
  await insertCategories(ctx.database.db);
});
afterAll(async () => ctx?.close());

describe('a weekly-priced line explained', () => {
  it('the receipt and the rental say "1 week £40.00 + 2 days £16.00", never 9 days at the daily rate', async () => {
    const { renter, owner } = await renterAndOwner(ctx, mailer, 'weekly-receipt@example.com');
    const barrow = await createItem(ctx.database.db, owner.id, { name: 'Barrow', dailyRatePence: 800, weeklyRatePence: 4000, maxDays: 30 });
    const res = await post(
      ctx.app,
      '/api/checkout',
      { lines: [{ itemId: barrow.id, startDate: '2029-03-15', endDate: '2029-03-23' }], card: TEST_CARD, idempotencyKey: randomUUID() },
      { cookie: renter.cookie },
    );
    expect(res.statusCode, res.body).toBe(201);
    await ctx.app.jobs.runDue();

    const receipt = mailer.sent.find((m) => m.to === renter.user.email && m.subject.startsWith('Your Toolshed receipt'));
    expect(receipt?.subject).toBe('Your Toolshed receipt: £61.60');
    expect(receipt!.text.split('\n')).toContain('  15 Mar 2029 to 23 Mar 2029: 1 week £40.00 + 2 days £16.00 = £56.00');
    expect(receipt!.html).toContain('1 week £40.00 + 2 days £16.00 = £56.00');

    const mine = await ctx.app.inject({ method: 'GET', url: '/api/me/rentals', headers: { cookie: renter.cookie } });
    const [rental] = (mine.json() as { rentals: RentalView[] }).rentals;
    expect(rental).toMatchObject({ days: 9, dailyRatePence: 800, weeklyRatePence: 4000, totalPence: 5600 });
  });
});
