import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, TEST_CARDS, todayInLondon } from '@toolshed/core';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createItem } from '../../test/factories.ts';
import { createSimulatedProcessor } from '../../platform/payments/simulated-processor.ts';
import { rentalKit, signInParties, type Party } from './rental-test-kit.ts';

/**
 * Requests to book and extensions of request items never rely on an authorisation beyond its
 * validity (issue 46): each is answered within 24 hours of its authorisation, so even a processor
 * whose authorisations last a single day (real ones: about 7) captures the owner's last-minute
 * acceptance, and one answered too late is refused and its hold released, not captured.
 */
let ctx: TestContext;
const mailer = createMemoryMailer();
let clock = new Date('2030-03-04T10:00:00Z');
// Authorisations lasting one day: what the 24-hour answers are held to.
const processor = createSimulatedProcessor({ delayMs: 0, now: () => clock, authorisationDays: 1 });
const kit = rentalKit(() => ctx);
const card = { number: TEST_CARDS.success, expiry: '12/35', cvv: '123', name: 'Rita Renter' };
let renter: Party;
let owner: Party;
const DAY_MS = 24 * 3_600_000;
const captured = () => [...processor.holds.values()].filter((s) => s === 'captured').length;
const held = () => [...processor.holds.values()].filter((s) => s === 'held').length;

beforeAll(async () => {
  ctx = await createTestApp({ mailer, payments: processor, now: () => clock });
  ({ renter, owner } = await signInParties(ctx, mailer));
});
afterAll(async () => ctx?.close());

async function request(name: string, offset: number) {
  const item = await createItem(ctx.database.db, owner.user.id, { name, bookingMode: 'request', dailyRatePence: 2000, maxDays: 10 });
  const booked = await kit.bookDays(renter.cookie, item.id, addDays(todayInLondon(clock), offset), 2);
  expect(booked.status, booked.message).toBe(201);
  const asked = clock;
  const expiresAt = new Date((await kit.rental(booked.id, renter.cookie)).request!.expiresAt);
  // Never held longer than a day, so never past the authorisation's validity.
  expect(expiresAt.getTime() - asked.getTime()).toBeLessThanOrEqual(DAY_MS);
  return { id: booked.id, expiresAt };
}

describe('the authorisation behind a request or an extension', () => {
  it('is captured when the owner accepts a request in its last minute, within even a one-day authorisation', async () => {
    const { id, expiresAt } = await request('Cement Mixer', 10);
    const before = captured();
    clock = new Date(expiresAt.getTime() - 60_000);
    expect((await kit.send('POST', `/api/rentals/${id}/accept`, owner.cookie, {})).statusCode).toBe(204);
    await ctx.app.jobs.runDue();
    expect(captured()).toBe(before + 1);
    expect((await kit.rental(id, renter.cookie)).requestAccepted).toBe(true);
  });

  it('is released, never captured, when the request runs out unanswered; a late accept is refused', async () => {
    const { id, expiresAt } = await request('Floor Sander', 10);
    const before = { captured: captured(), held: held() };
    clock = new Date(expiresAt.getTime() + 60_000);
    expect((await kit.send('POST', `/api/rentals/${id}/accept`, owner.cookie, {})).statusCode).not.toBe(204);
    await ctx.app.jobs.runDue();
    expect(captured()).toBe(before.captured);
    expect(held()).toBe(before.held - 1);
    expect((await kit.rental(id, renter.cookie)).cancellation).not.toBeNull();
  });

  it('is captured when the owner accepts an extension in its last minute, and released when it runs out', async () => {
    const { id, expiresAt: requestExpires } = await request('Trailer', 3);
    clock = new Date(requestExpires.getTime() - 3_600_000);
    expect((await kit.send('POST', `/api/rentals/${id}/accept`, owner.cookie, {})).statusCode).toBe(204);
    const rental = await kit.rental(id, renter.cookie);
    const askedAt = clock;
    const asked = await kit.send('POST', `/api/rentals/${id}/extension`, renter.cookie, {
      endDate: addDays(rental.endDate, 1),
      payWith: 'card',
      card,
    });
    expect(asked.json()).toMatchObject({ status: 'pending' });
    const pending = (await kit.rental(id, owner.cookie)).pendingExtension!;
    const expiresAt = new Date(pending.expiresAt!);
    expect(expiresAt.getTime() - askedAt.getTime()).toBeLessThanOrEqual(DAY_MS);
    const before = captured();
    clock = new Date(expiresAt.getTime() - 60_000);
    expect((await kit.send('POST', `/api/rentals/${id}/extension/accept`, owner.cookie, {})).statusCode).toBe(204);
    await ctx.app.jobs.runDue();
    expect(captured()).toBe(before + 1);

    // Another, left unanswered: released when it runs out, and a late accept takes nothing.
    const longer = await kit.send('POST', `/api/rentals/${id}/extension`, renter.cookie, {
      endDate: addDays(rental.endDate, 2),
      payWith: 'card',
      card,
    });
    expect(longer.json()).toMatchObject({ status: 'pending' });
    const next = new Date((await kit.rental(id, owner.cookie)).pendingExtension!.expiresAt!);
    const heldBefore = held();
    clock = new Date(next.getTime() + 60_000);
    expect((await kit.send('POST', `/api/rentals/${id}/extension/accept`, owner.cookie, {})).statusCode).not.toBe(204);
    await ctx.app.jobs.runDue();
    expect(captured()).toBe(before + 1);
    expect(held()).toBe(heldBefore - 1);
  });
});
