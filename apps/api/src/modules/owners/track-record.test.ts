import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { londonTimeToInstant } from '@toolshed/core';
import type { DepositView, Order, OwnerProfile } from '@toolshed/core/contract';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { cookieHeader, createSignedInUser, signIn } from '../../test/auth-helpers.ts';
import { createItem, insertCategories } from '../../test/factories.ts';
import { createSimulatedProcessor } from '../../platform/payments/simulated-processor.ts';
import { rentalKit } from '../rentals/rental-test-kit.ts';

let ctx: TestContext;
const mailer = createMemoryMailer();
let clock = londonTimeToInstant('2027-03-01', '09:00');
const kit = rentalKit(() => ctx);
type Person = { cookie: string; user: { id: string } };
let owner: Person;
let alice: Person;
let bob: Person;
let carol: Person;

const at = (date: string, time = '09:00') => {
  clock = londonTimeToInstant(date, time);
};
const record = async (who: Person) => {
  const res = await kit.send('GET', `/api/owners/${who.user.id}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as OwnerProfile).record;
};

async function book(who: Person, itemId: string): Promise<string> {
  const res = await kit.book(who.cookie, [{ itemId, startDate: '2027-03-02', endDate: '2027-03-03' }]);
  expect(res.statusCode, res.body).toBe(201);
  const order = (await kit.send('GET', `/api/orders/${res.json().orderId}`, who.cookie)).json() as Order;
  return order.rentals[0]!.id;
}
async function report(rentalId: string, who: Person, body: { kind: string; amountPence: number; note: string }): Promise<string> {
  const res = await kit.send('POST', `/api/rentals/${rentalId}/claims`, who.cookie, body);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as DepositView).claims.find((c) => c.kind === body.kind)!.id;
}
async function answer(claimId: string, who: Person, action: 'accept' | 'dispute', reply?: string) {
  const res = await kit.send('POST', `/api/claims/${claimId}/${action}`, who.cookie, reply ? { reply } : {});
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  ctx = await createTestApp({ mailer, payments: createSimulatedProcessor({ delayMs: 0 }), now: () => clock });
  await insertCategories(ctx.database.db);
  owner = await createSignedInUser(ctx.app, mailer, 'olive@example.com', 'Olive Owner');
  alice = await createSignedInUser(ctx.app, mailer, 'alice@example.com', 'Alice Accepted');
  bob = await createSignedInUser(ctx.app, mailer, 'bob@example.com', 'Bob Disputed');
  carol = await createSignedInUser(ctx.app, mailer, 'carol@example.com', 'Carol Claimant');
  for (const renter of [alice, bob, carol]) await kit.saveAddress(renter.cookie);
});
afterAll(async () => ctx?.close());

describe('claims upheld against a member, in their track record', () => {
  it('counts a claim the other party made against them once it is accepted; not one disputed or with support, nor one they made', async () => {
    const db = ctx.database.db;
    const saw = await createItem(db, owner.user.id, { name: 'Mitre Saw', dailyRatePence: 1200, depositPence: 5000 });
    const sander = await createItem(db, owner.user.id, { name: 'Belt Sander', dailyRatePence: 900, depositPence: 4000 });
    const mower = await createItem(db, owner.user.id, { name: 'Mower', dailyRatePence: 1000, depositPence: 3000 });
    const alicesRental = await book(alice, saw.id);
    const bobsRental = await book(bob, sander.id);
    const carolsRental = await book(carol, mower.id);

    // Carol finds the mower not as described and the owner agrees: a claim upheld against the owner.
    at('2027-03-02', '10:00');
    await answer(
      await report(carolsRental, carol, { kind: 'not_as_described', amountPence: 500, note: 'Blade is blunt' }),
      owner,
      'accept',
    );

    at('2027-03-03', '17:00');
    for (const id of [alicesRental, bobsRental, carolsRental]) expect((await kit.markReturned(id, owner.cookie)).statusCode).toBe(204);

    // The owner reports damage to Alice, who accepts, and missing parts to Bob, who disputes.
    at('2027-03-04', '09:00');
    await answer(await report(alicesRental, owner, { kind: 'damaged', amountPence: 2000, note: 'Blade guard cracked' }), alice, 'accept');
    const bobsClaim = await report(bobsRental, owner, { kind: 'missing_parts', amountPence: 1500, note: 'Dust bag missing' });
    await answer(bobsClaim, bob, 'dispute', 'The dust bag was in the box');

    const clean = { emailVerified: true, phoneVerified: false, rentalsCompleted: 1, returnedOnTime: 1, lendingsCompleted: 0 };
    expect(await record(alice)).toEqual({ ...clean, claimsUpheldAgainst: 1 });
    expect(await record(bob)).toEqual({ ...clean, claimsUpheldAgainst: 0 });
    expect(await record(carol)).toEqual({ ...clean, claimsUpheldAgainst: 0 });
    // The owner's own accepted claims against Alice do not count against her; Carol's accepted one does.
    expect(await record(owner)).toEqual({
      emailVerified: true,
      phoneVerified: false,
      rentalsCompleted: 0,
      returnedOnTime: 0,
      lendingsCompleted: 3,
      claimsUpheldAgainst: 1,
    });

    // Sent to support after 7 days without agreement: still not upheld. (Bob signs in again: the
    // clock has moved a week, past his session.)
    at('2027-03-11', '09:01');
    await ctx.app.jobs.runDue();
    bob.cookie = cookieHeader(await signIn(ctx.app, 'bob@example.com'));
    const escalated = (await kit.send('GET', `/api/rentals/${bobsRental}/deposit`, bob.cookie)).json() as DepositView;
    expect(escalated.claims[0]).toMatchObject({ id: bobsClaim, state: 'escalated' });
    expect((await record(bob)).claimsUpheldAgainst).toBe(0);

    // Bob accepts it in the end: now it counts.
    await answer(bobsClaim, bob, 'accept');
    expect((await record(bob)).claimsUpheldAgainst).toBe(1);
    expect((await record(owner)).claimsUpheldAgainst).toBe(1);
  });
});
