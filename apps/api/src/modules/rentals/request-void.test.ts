import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInLondon } from '@toolshed/core';
import type { Order } from '@toolshed/core/contract';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser } from '../../test/auth-helpers.ts';
import { createItem, insertCategories } from '../../test/factories.ts';
import { queryRows } from '../../db/database.ts';
import type { PaymentProvider } from '../../platform/payments/payment-provider.ts';
import { createSimulatedProcessor } from '../../platform/payments/simulated-processor.ts';
import { rentalKit } from './rental-test-kit.ts';
import { REQUEST_VOID_DELAY_MS, REQUEST_VOID_JOB } from './request-service.ts';

/**
 * A closed request's hold is voided after the commit. When the processor fails that void (an error
 * answered, or one thrown before any answer), the request stays closed and its dates free, and the
 * keyed job voids the hold once it runs, retrying a failure of its own.
 */
let ctx: TestContext;
const mailer = createMemoryMailer();
const processor = createSimulatedProcessor({ delayMs: 0 });
/** How the next voids of an authorisation fail, in order; then they reach the simulated processor. */
const voidFailures = new Map<string, Array<'rejects' | 'throws'>>();
const voidCalls: string[] = [];
const flakyProcessor: PaymentProvider = {
  name: processor.name,
  authorize: (input) => processor.authorize(input),
  capture: (id, amountPence) => processor.capture(id, amountPence),
  void(id) {
    voidCalls.push(id);
    const failure = voidFailures.get(id)?.shift();
    if (failure === 'throws') throw new Error('The processor could not be reached.');
    if (failure === 'rejects') return Promise.reject(new Error('The processor timed out.'));
    return processor.void(id);
  },
  refund: (input) => processor.refund(input),
  refundStatus: (id) => processor.refundStatus(id),
  authenticate: (input) => processor.authenticate(input),
  completeChallenge: (id, approved) => processor.completeChallenge(id, approved),
  authenticationStatus: (id) => processor.authenticationStatus(id),
  savePaymentMethod: (input) => processor.savePaymentMethod(input),
};
let clock = new Date('2030-03-04T10:00:00Z');
const kit = rentalKit(() => ctx);
const today = () => todayInLondon(clock);
type Person = { cookie: string; user: { id: string } };
let renter: Person;
let owner: Person;
let ladder: { id: string };

const later = (ms: number) => (clock = new Date(clock.getTime() + ms));

async function request(offset: number): Promise<{ id: string; authorizationId: string }> {
  const startDate = addDays(today(), offset);
  const res = await kit.book(renter.cookie, [{ itemId: ladder.id, startDate, endDate: addDays(startDate, 1) }]);
  expect(res.statusCode).toBe(201);
  const placed = (await kit.send('GET', `/api/orders/${res.json().orderId}`, renter.cookie)).json() as Order;
  const id = placed.rentals[0]!.id;
  const [row] = await queryRows<{ a: string }>(ctx.database.db, sql`select request_authorization_id as a from rentals where id = ${id}`);
  expect(processor.holds.get(row!.a)).toBe('held');
  return { id, authorizationId: row!.a };
}

const requestStatus = async (id: string) =>
  (await queryRows<{ s: string }>(ctx.database.db, sql`select request_status as s from rentals where id = ${id}`))[0]!.s;

const voidJob = async (id: string) =>
  (
    await queryRows<{ status: string; attempts: number }>(
      ctx.database.db,
      sql`select status, attempts from jobs where key = ${`${REQUEST_VOID_JOB}:${id}`}`,
    )
  )[0];

beforeAll(async () => {
  ctx = await createTestApp({ mailer, payments: flakyProcessor, now: () => clock });
  await insertCategories(ctx.database.db);
  renter = await createSignedInUser(ctx.app, mailer, 'renter@example.com', 'Rita Renter');
  owner = await createSignedInUser(ctx.app, mailer, 'owner@example.com', 'Olive Owner');
  await kit.saveAddress(renter.cookie);
  await ctx.database.db.execute(sql`update sessions set expires_at = now() + interval '10 years'`);
  ladder = await createItem(ctx.database.db, owner.user.id, { name: 'Ladder', bookingMode: 'request', dailyRatePence: 1000, maxDays: 14 });
});
afterAll(async () => ctx?.close());

describe('a request closed while the card processor fails the void', () => {
  it('declined: the answer stands, and the job voids the hold a minute later', async () => {
    const { id, authorizationId } = await request(5);
    voidFailures.set(authorizationId, ['rejects']);
    const res = await kit.send('POST', `/api/rentals/${id}/decline`, owner.cookie, { reason: 'Away that weekend' });
    expect(res.statusCode).toBe(204);
    expect(voidCalls).toContain(authorizationId);
    expect(await requestStatus(id)).toBe('declined');
    expect(await kit.rental(id, renter.cookie)).toMatchObject({ status: 'cancelled', paidPence: 0, cancellation: { by: 'owner' } });
    expect(processor.holds.get(authorizationId)).toBe('held');
    // Its dates are free at once, whatever the processor said.
    const again = await kit.book(renter.cookie, [{ itemId: ladder.id, startDate: addDays(today(), 5), endDate: addDays(today(), 6) }]);
    expect(again.statusCode).toBe(201);

    await ctx.app.jobs.runDue();
    expect(processor.holds.get(authorizationId)).toBe('held');
    later(REQUEST_VOID_DELAY_MS);
    await ctx.app.jobs.runDue();
    expect(processor.holds.get(authorizationId)).toBe('voided');
    expect(await voidJob(id)).toEqual({ status: 'done', attempts: 1 });
  });

  it('withdrawn: a void that throws is caught, and the job retries its own failure until the hold is voided', async () => {
    const { id, authorizationId } = await request(20);
    voidFailures.set(authorizationId, ['throws', 'rejects']);
    const res = await kit.send('POST', `/api/rentals/${id}/withdraw`, renter.cookie, {});
    expect(res.statusCode).toBe(204);
    expect(await requestStatus(id)).toBe('withdrawn');
    expect(processor.holds.get(authorizationId)).toBe('held');

    later(REQUEST_VOID_DELAY_MS);
    await ctx.app.jobs.runDue();
    expect(await voidJob(id)).toEqual({ status: 'queued', attempts: 1 });
    expect(processor.holds.get(authorizationId)).toBe('held');
    later(60_000);
    await ctx.app.jobs.runDue();
    expect(await voidJob(id)).toEqual({ status: 'done', attempts: 2 });
    expect(processor.holds.get(authorizationId)).toBe('voided');
    // Withdrawn stays withdrawn: the owner can no longer accept it.
    const accept = await kit.send('POST', `/api/rentals/${id}/accept`, owner.cookie, {});
    expect(accept.statusCode).toBe(409);
  });

  it('expired: the expiry job closes it although the void fails, and the void job releases the hold', async () => {
    const { id, authorizationId } = await request(30);
    later(25 * 3_600_000);
    voidFailures.set(authorizationId, ['rejects']);
    await ctx.app.jobs.runDue();
    expect(await requestStatus(id)).toBe('expired');
    expect(processor.holds.get(authorizationId)).toBe('held');
    later(REQUEST_VOID_DELAY_MS);
    await ctx.app.jobs.runDue();
    expect(processor.holds.get(authorizationId)).toBe('voided');
  });

  it('a void that succeeds after the commit is voided again by the job, harmlessly', async () => {
    const { id, authorizationId } = await request(40);
    expect((await kit.send('POST', `/api/rentals/${id}/withdraw`, renter.cookie, {})).statusCode).toBe(204);
    expect(processor.holds.get(authorizationId)).toBe('voided');
    later(REQUEST_VOID_DELAY_MS);
    await ctx.app.jobs.runDue();
    expect(await voidJob(id)).toEqual({ status: 'done', attempts: 1 });
    expect(processor.holds.get(authorizationId)).toBe('voided');
  });
});
