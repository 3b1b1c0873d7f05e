import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { londonTimeToInstant, TEST_CARDS } from '@toolshed/core';
import type { Order } from '@toolshed/core/contract';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser } from '../../test/auth-helpers.ts';
import { addBankAccount } from '../../test/bank-account.ts';
import { createItem, insertCategories } from '../../test/factories.ts';
import { queryRows } from '../../db/database.ts';
import type { PaymentProvider } from '../../platform/payments/payment-provider.ts';
import { createSimulatedProcessor, type SimulatedProcessor } from '../../platform/payments/simulated-processor.ts';
import { createDbAuthenticationStore } from '../../platform/payments/simulated-authentications-repository.ts';
import { createDbPaymentMethodStore } from '../../platform/payments/simulated-payment-methods-repository.ts';
import { rentalKit } from '../rentals/rental-test-kit.ts';

/**
 * The simulated processor keeps saved payment methods in the database (migration 0086, issue 46): a
 * deposit scheduled at checkout is authorised off-session the day before the start with the card
 * saved then, even when the process restarted in between. Each "process" is a new processor
 * instance (its own memory) on the same database.
 */
let clock = londonTimeToInstant('2027-05-01', '09:00');
let ctx: TestContext;
const mailer = createMemoryMailer();
const kit = rentalKit(() => ctx);
const db = () => ctx.database.db;
const newProcessor = () =>
  createSimulatedProcessor({
    delayMs: 0,
    now: () => clock,
    authentications: createDbAuthenticationStore(db()),
    paymentMethods: createDbPaymentMethodStore(db()),
  });
// Until the database is open, a processor in memory (the app reads its name as it starts).
let running: SimulatedProcessor = createSimulatedProcessor({ delayMs: 0 });
/** What the app holds: whichever processor instance runs now (a restart replaces it). */
const payments = new Proxy({} as PaymentProvider, {
  get: (_target, key) => {
    const value = running[key as keyof SimulatedProcessor];
    return typeof value === 'function' ? value.bind(running) : value;
  },
});
let renter: { cookie: string; user: { id: string } };
let ownerId: string;
const card = (number: string) => ({ number, expiry: '12/99', cvv: '123', name: 'Rita Renter' });
const at = (date: string, time = '09:00') => (clock = londonTimeToInstant(date, time));

beforeAll(async () => {
  ctx = await createTestApp({ mailer, payments, now: () => clock });
  running = newProcessor();
  await insertCategories(db());
  renter = await createSignedInUser(ctx.app, mailer, 'rita@example.com', 'Rita Renter');
  const owner = await createSignedInUser(ctx.app, mailer, 'olive@example.com', 'Olive Owner');
  ownerId = owner.user.id;
  await addBankAccount(ctx.app, owner.cookie);
  await kit.saveAddress(renter.cookie);
  await db().execute(sql`update sessions set expires_at = now() + interval '10 years'`);
});
afterAll(async () => ctx?.close());

async function book(startDate: string, number: string): Promise<string> {
  const item = await createItem(db(), ownerId, { name: 'Wallpaper Steamer', dailyRatePence: 900, depositPence: 4000 });
  const res = await kit.send('POST', '/api/checkout', renter.cookie, {
    lines: [{ itemId: item.id, startDate, endDate: startDate }],
    card: card(number),
    idempotencyKey: randomUUID(),
    useBalance: false,
  });
  expect(res.statusCode, res.body).toBe(201);
  return ((await kit.send('GET', `/api/orders/${res.json().orderId}`, renter.cookie)).json() as Order).rentals[0]!.id;
}

async function holdOf(rentalId: string) {
  const [row] = await queryRows<{
    status: string;
    authorization_id: string | null;
    payment_method_id: string;
    decline_reason: string | null;
  }>(db(), sql`select status, authorization_id, payment_method_id, decline_reason from deposit_holds where rental_id = ${rentalId}`);
  return row!;
}

describe('a saved payment method across a restart', () => {
  it('is authorised off-session by a new processor instance on the same database, and the deposit held', async () => {
    at('2027-05-01');
    const rentalId = await book('2027-05-20', TEST_CARDS.success);
    const scheduled = await holdOf(rentalId);
    expect(scheduled).toMatchObject({ status: 'scheduled', authorization_id: null });
    const [saved] = await queryRows<Record<string, unknown>>(
      db(),
      sql`select * from simulated_payment_methods where id = ${scheduled.payment_method_id}`,
    );
    // The processor's own row: how the card behaves and how it is shown, never its number.
    expect(saved).toMatchObject({ kind: 'approved', brand: 'visa', last4: TEST_CARDS.success.slice(-4) });
    expect(JSON.stringify(saved)).not.toContain(TEST_CARDS.success.replace(/\s/g, ''));

    const before = running;
    running = newProcessor();
    at('2027-05-19', '00:00');
    await ctx.app.jobs.runDue();
    const held = await holdOf(rentalId);
    expect(held).toMatchObject({ status: 'held', decline_reason: null });
    expect(running.holds.get(held.authorization_id!)).toBe('held');
    expect(running.amounts.get(held.authorization_id!)).toEqual({ authorised: 4000 });
    expect(before.holds.has(held.authorization_id!)).toBe(false);
  });

  it('still declines off-session a saved card that asks for 3-D Secure, as before a restart', async () => {
    at('2027-05-02');
    const rentalId = await book('2027-05-22', TEST_CARDS.frictionless);
    running = newProcessor();
    at('2027-05-21', '00:00');
    await ctx.app.jobs.runDue();
    expect(await holdOf(rentalId)).toMatchObject({
      status: 'scheduled',
      authorization_id: null,
      decline_reason: 'authentication_required',
    });
  });
});
