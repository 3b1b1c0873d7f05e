import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, keptPence, type CancellationPolicy } from '@toolshed/core';
import type { Order } from '@toolshed/core/contract';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createItem } from '../../test/factories.ts';
import { queryRows } from '../../db/database.ts';
import { balances } from '../ledger/ledger-repository.ts';
import { rentalKit, signInParties, type Party } from './rental-test-kit.ts';

let ctx: TestContext;
const mailer = createMemoryMailer();
let clock = new Date('2026-01-05T10:00:00Z');
const kit = rentalKit(() => ctx);
let renter: Party;
let owner: Party;
const items: Record<CancellationPolicy, string> = { flexible: '', moderate: '', strict: '' };
/** One day at an odd rate: the line is 1001p and its fee 100p, so half of the line is half a penny out. */
const LINE = 1001;
const FEE = 100;

beforeAll(async () => {
  ctx = await createTestApp({ mailer, now: () => clock });
  ({ renter, owner } = await signInParties(ctx, mailer));
  for (const policy of ['flexible', 'moderate', 'strict'] as const)
    items[policy] = (
      await createItem(ctx.database.db, owner.user.id, { name: `${policy} sander`, dailyRatePence: LINE, cancellationPolicy: policy })
    ).id;
});
afterAll(async () => ctx?.close());

const feesTotal = async () =>
  Number(
    (
      await queryRows<{ n: number }>(
        ctx.database.db,
        sql`select coalesce(sum(amount_pence), 0)::int as n from ledger_entries where account = 'fees'`,
      )
    )[0]!.n,
  );

/** Books the policy's item for one day from `startDate` while the clock is 40 days before it. */
async function bookOne(policy: CancellationPolicy, startDate: string): Promise<Order['rentals'][number]> {
  clock = new Date(`${addDays(startDate, -40)}T12:00:00Z`);
  const res = await kit.book(renter.cookie, [{ itemId: items[policy], startDate, endDate: startDate }]);
  expect(res.statusCode, res.body).toBe(201);
  const order = (await kit.send('GET', `/api/orders/${res.json().orderId}`, renter.cookie)).json() as Order;
  expect(order.serviceFeePence).toBe(FEE);
  return order.rentals[0]!;
}

/** Cancels at `at` as `who`, and checks the money: the refund, what the owner and the platform keep, and a balanced ledger. */
async function cancelAt(rentalId: string, at: string, who: Party, percent: number) {
  const ownerBefore = (await balances(ctx.database.db, owner.user.id)).availablePence;
  const feesBefore = await feesTotal();
  clock = new Date(at);
  const res = await kit.cancel(rentalId, who.cookie, who === owner ? 'The sander broke.' : undefined);
  expect(res.statusCode, res.body).toBe(200);
  const refund = LINE - keptPence(LINE, percent) + FEE - keptPence(FEE, percent);
  expect(res.json()).toEqual({ refundPence: refund });
  expect((await balances(ctx.database.db, owner.user.id)).availablePence - ownerBefore).toBe(keptPence(LINE, percent));
  expect((await feesTotal()) - feesBefore).toBe(keptPence(FEE, percent) - FEE);
  expect(await kit.unbalancedTransactions()).toBe(0);
  const view = await kit.rental(rentalId, renter.cookie);
  expect(view.cancellation?.refundPence).toBe(refund);
  return refund;
}

// 2026: the clocks go forward at 01:00 GMT on Sunday 29 March and back at 02:00 BST on Sunday 25 October.
describe("a renter's cancellation follows the rental's policy to the minute, London time", () => {
  const cases: Array<[CancellationPolicy, string, string, number]> = [
    ['flexible', '2026-03-30', '2026-03-28T23:59:00Z', 100],
    ['flexible', '2026-03-30', '2026-03-29T00:00:00Z', 50],
    ['flexible', '2026-03-30', '2026-03-29T22:59:00Z', 50],
    ['flexible', '2026-10-26', '2026-10-24T22:59:00Z', 100],
    ['flexible', '2026-10-26', '2026-10-24T23:00:00Z', 50],
    ['moderate', '2026-04-01', '2026-03-26T23:59:00Z', 100],
    ['moderate', '2026-04-01', '2026-03-27T00:00:00Z', 50],
    ['moderate', '2026-04-01', '2026-03-31T22:59:00Z', 50],
    ['strict', '2026-10-30', '2026-10-22T22:59:00Z', 50],
    ['strict', '2026-10-30', '2026-10-22T23:00:00Z', 0],
    ['strict', '2026-10-30', '2026-10-29T23:59:00Z', 0],
  ];
  it.each(cases)('%s, starting %s, cancelled at %s: %i per cent back', async (policy, start, at, percent) => {
    const rental = await bookOne(policy, start);
    expect(rental.cancellationPolicy).toBe(policy);
    await cancelAt(rental.id, at, renter, percent);
  });

  it('refuses a cancellation at the start itself (00:00 BST), moving no money', async () => {
    const rental = await bookOne('flexible', '2026-03-30');
    const rows = await kit.ledgerRows();
    clock = new Date('2026-03-29T23:00:00Z');
    const res = await kit.cancel(rental.id, renter.cookie);
    expect(res.statusCode).toBe(409);
    expect(await kit.ledgerRows()).toBe(rows);
  });
});

describe("an owner's cancellation", () => {
  it('gives the renter everything back even past every deadline of a Strict item, and the owner keeps nothing', async () => {
    const rental = await bookOne('strict', '2026-10-30');
    await cancelAt(rental.id, '2026-10-29T23:59:00Z', owner, 100);
  });
});

describe('the policy a booking keeps', () => {
  it('is the one its item had when booked, whatever the owner chooses later', async () => {
    const rental = await bookOne('moderate', '2026-06-10');
    await ctx.database.db.execute(sql`update items set cancellation_policy = 'strict' where id = ${items.moderate}`);
    // Within 5 days of the start: Moderate gives half; Strict would give nothing.
    await cancelAt(rental.id, '2026-06-08T12:00:00Z', renter, 50);
    await ctx.database.db.execute(sql`update items set cancellation_policy = 'moderate' where id = ${items.moderate}`);
  });
});

describe("the owner's email when the renter cancels", () => {
  const ownerMailAfter = async (policy: CancellationPolicy, start: string, at: string, percent: number) => {
    const rental = await bookOne(policy, start);
    await cancelAt(rental.id, at, renter, percent);
    await ctx.app.jobs.runDue();
    const mail = mailer.lastTo('owner@example.com');
    expect(mail.subject).toBe(`Booking cancelled: ${policy} sander`);
    return mail.text;
  };

  it('says what the owner keeps and what the renter gets back, per the policy', async () => {
    // Strict, before its 7-day deadline: half of the 1001p line kept (rounded down), the renter gets the rest and half the fee.
    expect(await ownerMailAfter('strict', '2026-10-30', '2026-10-22T22:59:00Z', 50)).toContain(
      'Rita Renter cancelled the booking of your strict sander from 30 Oct 2026 to 30 Oct 2026. Under the Strict policy you keep £5.00 and Rita Renter gets £5.51 back.',
    );
    expect(await ownerMailAfter('strict', '2026-11-30', '2026-11-29T12:00:00Z', 0)).toContain(
      'Under the Strict policy you keep £10.01 and Rita Renter gets nothing back.',
    );
    expect(await ownerMailAfter('flexible', '2026-12-10', '2026-12-01T12:00:00Z', 100)).toContain(
      'Under the Flexible policy Rita Renter gets everything back (£11.01), so you keep nothing.',
    );
  });
});
