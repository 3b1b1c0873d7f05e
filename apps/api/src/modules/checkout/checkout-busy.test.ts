import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, AppError, todayInLondon } from '@toolshed/core';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createItem, createUser, insertCategories } from '../../test/factories.ts';
import { queryRows } from '../../db/database.ts';
import { createSimulatedProcessor } from '../../platform/payments/simulated-processor.ts';
import { createAttemptRepository } from './attempt-repository.ts';
import { createCheckoutRepository } from './checkout-repository.ts';
import { createCheckoutService } from './checkout-service.ts';
import { createPaymentRepository } from './payment-repository.ts';
import { TEST_CARD } from './checkout-test-fixtures.ts';

/** The database aborts the booking transaction (deadlock, serialization failure) `times` times. */
function busyDatabase(ctx: TestContext, times: number, code: string) {
  const repo = createCheckoutRepository(ctx.database.db);
  let left = times;
  const book: typeof repo.book = async (input) => {
    if (left-- > 0) throw Object.assign(new Error('could not serialize access'), { cause: { code } });
    return repo.book(input);
  };
  const processor = createSimulatedProcessor({ delayMs: 0 });
  const service = createCheckoutService({
    repo: { ...repo, book },
    attempts: createAttemptRepository(ctx.database.db),
    paymentRecords: createPaymentRepository(ctx.database.db),
    payments: processor,
    jobs: ctx.app.jobs,
    events: ctx.app.events,
  });
  return { service, processor };
}

describe('a booking the database aborts because of another transaction', () => {
  let ctx: TestContext;
  let renterId: string;
  let itemId: string;
  let offset = 3;
  beforeAll(async () => {
    ctx = await createTestApp();
    await insertCategories(ctx.database.db);
    renterId = (await createUser(ctx.database.db, { addressLine: '1 Mill Lane', addressCity: 'Leeds', addressPostcode: 'LS1 4AP' })).id;
    const owner = await createUser(ctx.database.db);
    itemId = (await createItem(ctx.database.db, owner.id)).id;
  });
  afterAll(async () => ctx?.close());

  const input = () => {
    offset += 2;
    const start = addDays(todayInLondon(), offset);
    return { lines: [{ itemId, startDate: start, endDate: start }], card: TEST_CARD, idempotencyKey: randomUUID() };
  };

  it.each([
    ['a deadlock', '40P01'],
    ['a serialization failure', '40001'],
  ])('is run again after %s and books once', async (_label, code) => {
    const { service, processor } = busyDatabase(ctx, 2, code);
    const outcome = await service.checkout(renterId, input());
    if (!('paymentId' in outcome)) throw new Error('An ordinary card asked for a challenge.');
    const { paymentId } = outcome;
    const rentals = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from rentals where payment_id = ${paymentId}`,
    );
    expect(rentals[0]!.n).toBe(1);
    expect([...processor.holds.values()]).toEqual(['captured']);
  });

  it('answers 503, never a conflict, when it keeps being aborted; the hold is released and the key may try again', async () => {
    const { service, processor } = busyDatabase(ctx, 10, '40P01');
    const request = input();
    const err = await service.checkout(renterId, request).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(503);
    expect((err as AppError).message).toMatch(/nothing was charged/);
    expect([...processor.holds.values()]).toEqual(['voided']);
    const again = busyDatabase(ctx, 0, '40P01');
    expect(await again.service.checkout(renterId, request)).toMatchObject({ replayed: false });
  });
});
