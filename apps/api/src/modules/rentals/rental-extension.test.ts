import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, priceBasket, TEST_CARDS, todayInLondon } from '@toolshed/core';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createItem } from '../../test/factories.ts';
import { queryRows } from '../../db/database.ts';
import { createSimulatedProcessor } from '../../platform/payments/simulated-processor.ts';
import { postTransaction } from '../ledger/ledger-repository.ts';
import { rentalKit, signInParties, type Party } from './rental-test-kit.ts';

/** Extending rentals through the real endpoints: instant and request items, card and balance, every refusal. */
let ctx: TestContext;
const mailer = createMemoryMailer();
const processor = createSimulatedProcessor({ delayMs: 0 });
let clock = new Date('2030-03-04T10:00:00Z');
const kit = rentalKit(() => ctx);
const today = () => todayInLondon(clock);
const card = { number: TEST_CARDS.success, expiry: '12/35', cvv: '123', name: 'Rita Renter' };
type Person = Party;
let renter: Person;
let other: Person;
let owner: Person;
let stranger: Person;

const quote = (id: string, endDate: string, cookie = renter.cookie) =>
  kit.send('GET', `/api/rentals/${id}/extension?endDate=${endDate}`, cookie);
const extend = (id: string, body: object, cookie = renter.cookie) => kit.send('POST', `/api/rentals/${id}/extension`, cookie, body);
const ledgerRows = () => kit.ledgerRows();
async function cardTotal(userId: string): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    ctx.database.db,
    sql`select coalesce(sum(amount_pence), 0)::int as n from ledger_entries where account = 'card' and user_id = ${userId}`,
  );
  return rows[0]!.n;
}

/** Books `itemId` for `days` days from `offset` days ahead, as `who`; returns the rental id. */
async function book(who: Person, itemId: string, offset: number, days: number, cookie = who.cookie): Promise<string> {
  const booked = await kit.bookDays(cookie, itemId, addDays(today(), offset), days);
  expect(booked.status, booked.message).toBe(201);
  return booked.id;
}

/** A request item of the owner's, booked by the renter `offset` days ahead for 2 days and accepted; returns the rental. */
async function acceptedRequest(name: string, dailyRatePence: number, offset: number) {
  const item = await createItem(ctx.database.db, owner.user.id, { name, bookingMode: 'request', dailyRatePence, maxDays: 10 });
  const id = await book(renter, item.id, offset, 2);
  expect((await kit.send('POST', `/api/rentals/${id}/accept`, owner.cookie, {})).statusCode).toBe(204);
  return { id, rental: await kit.rental(id, renter.cookie) };
}

beforeAll(async () => {
  ctx = await createTestApp({ mailer, payments: processor, now: () => clock });
  ({ renter, other, owner, stranger } = await signInParties(ctx, mailer));
});
afterAll(async () => ctx?.close());

describe('extending an instant item', () => {
  it('an active rental runs on by two days at once, the difference paid by card', async () => {
    const saw = await createItem(ctx.database.db, owner.user.id, { name: 'Saw', dailyRatePence: 1000, maxDays: 10 });
    const id = await book(renter, saw.id, 1, 3);
    clock = new Date(clock.getTime() + 86_400_000); // the rental has started
    const seen = await kit.rental(id, renter.cookie);
    expect(seen.status).toBe('active');
    const newEnd = addDays(seen.endDate, 2);

    const asked = (await quote(id, newEnd)).json();
    const before = priceBasket([{ dailyRatePence: 1000, days: 3 }]);
    const after = priceBasket([{ dailyRatePence: 1000, days: 5 }]);
    expect(asked).toMatchObject({
      problem: null,
      needsOwner: false,
      price: { linePence: 2000, feePence: 200, totalPence: after.totalPence - before.totalPence },
      suggestions: [],
    });

    const paidBefore = await cardTotal(renter.user.id);
    const res = await extend(id, { endDate: newEnd, payWith: 'card', card });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'extended', chargedPence: 2200 });
    const extended = await kit.rental(id, renter.cookie);
    expect(extended).toMatchObject({ endDate: newEnd, days: 5, totalPence: 5000, paidPence: after.totalPence });
    expect(await cardTotal(renter.user.id)).toBe(paidBefore - 2200);
    expect([...processor.holds.values()].filter((h) => h === 'held')).toEqual([]);
    expect(await kit.unbalancedTransactions()).toBe(0);
    await ctx.app.jobs.runDue();
    const told = await queryRows<{ title: string }>(
      ctx.database.db,
      sql`select title from notifications where user_id = ${owner.user.id} and kind = 'rental.extended'`,
    );
    expect(told).toEqual([{ title: 'Rental extended: Saw' }]);

    // Cancelling is no longer possible (it has started), and the popup's calendar shows the new end with its buffer.
    const detail = (await kit.send('GET', `/api/items/${saw.id}`)).json();
    expect(detail.bookedRanges).toEqual([{ startDate: seen.startDate, endDate: newEnd }]);
  });

  it('pays from the balance when it covers the difference, and says so when it does not', async () => {
    const mixer = await createItem(ctx.database.db, owner.user.id, { name: 'Mixer', dailyRatePence: 1500, maxDays: 10 });
    // A balance from an earlier credit (a cancelled rental's refund now goes back to its card).
    await postTransaction(ctx.database.db, {
      kind: 'test_credit',
      entries: [
        { userId: null, account: 'fees', amountPence: -3300 },
        { userId: renter.user.id, account: 'available', amountPence: 3300 },
      ],
    });
    const id = await book(renter, mixer.id, 3, 2);
    const rental = await kit.rental(id, renter.cookie);
    const ledger = await ledgerRows();
    const tooMuch = await extend(id, { endDate: addDays(rental.endDate, 3), payWith: 'balance' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error.message).toBe('Your balance is £33.00 and the extension costs £49.50. Please pay by card instead.');
    expect(await ledgerRows()).toBe(ledger);

    const ok = await extend(id, { endDate: addDays(rental.endDate, 1), payWith: 'balance' });
    expect(ok.json()).toEqual({ status: 'extended', chargedPence: 1650 });
    const balance = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select sum(amount_pence)::int as n from ledger_entries where user_id = ${renter.user.id} and account = 'available'`,
    );
    expect(balance[0]!.n).toBe(3300 - 1650);
  });
});

describe('refused, with the reason, moving no money', () => {
  it('when the next days are booked (buffer included), suggesting up to 3 similar items nearby free on them', async () => {
    const drill = await createItem(ctx.database.db, owner.user.id, {
      name: 'Drill',
      categoryId: 'power-tools',
      bufferDays: 1,
      maxDays: 10,
    });
    const id = await book(renter, drill.id, 2, 2);
    const rental = await kit.rental(id, renter.cookie);
    // Another renter's booking starts two days after this one ends: one buffer day between, none to spare.
    await book(other, drill.id, 5, 2);
    const near = await Promise.all(
      [0, 1, 2, 3].map((i) =>
        createItem(ctx.database.db, other.user.id, {
          name: `Drill ${i}`,
          categoryId: 'power-tools',
          latitude: 53.8 + i * 0.01,
          longitude: -1.55,
        }),
      ),
    );
    const busy = await createItem(ctx.database.db, other.user.id, { name: 'Busy drill', categoryId: 'power-tools' });
    await book(renter, busy.id, 4, 1);
    await createItem(ctx.database.db, other.user.id, { name: 'Hedge trimmer', categoryId: 'garden-tools' });

    const newEnd = addDays(rental.endDate, 1);
    const asked = (await quote(id, newEnd)).json();
    expect(asked.problem).toContain('The item is booked on some of');
    expect(asked.suggestions).toHaveLength(3);
    for (const s of asked.suggestions) expect(near.map((n) => n.id)).toContain(s.id);

    const ledger = await ledgerRows();
    const holds = processor.holds.size;
    const res = await extend(id, { endDate: newEnd, payWith: 'card', card });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain('The item is booked on some of');
    expect(await ledgerRows()).toBe(ledger);
    expect(processor.holds.size).toBe(holds);
    expect((await kit.rental(id, renter.cookie)).endDate).toBe(rental.endDate);
  });

  it('beyond the maximum length, by the owner, by anyone else, and once returned', async () => {
    const ladder = await createItem(ctx.database.db, owner.user.id, { name: 'Ladder', maxDays: 4 });
    const id = await book(renter, ladder.id, 1, 3);
    const rental = await kit.rental(id, renter.cookie);
    const tooLong = await extend(id, { endDate: addDays(rental.endDate, 2), payWith: 'card', card });
    expect(tooLong.statusCode).toBe(409);
    expect(tooLong.json().error.message).toMatch(/^This item can be rented for at most 4 days/);
    expect((await extend(id, { endDate: addDays(rental.endDate, 1), payWith: 'card', card }, owner.cookie)).statusCode).toBe(403);
    expect((await extend(id, { endDate: addDays(rental.endDate, 1), payWith: 'card', card }, stranger.cookie)).statusCode).toBe(404);
    expect((await extend(id, { endDate: addDays(rental.endDate, 1), payWith: 'card' })).statusCode).toBe(400);
  });
});

describe('extending a request item', () => {
  it('waits for the owner: accepted, the end moves and the card is charged; declined, nothing is', async () => {
    const { id, rental } = await acceptedRequest('Van', 4000, 2);
    const paid = await cardTotal(renter.user.id);

    const asked = await extend(id, { endDate: addDays(rental.endDate, 1), payWith: 'card', card });
    expect(asked.json()).toEqual({ status: 'pending', chargedPence: 0 });
    expect(await cardTotal(renter.user.id)).toBe(paid);
    const forOwner = await kit.rental(id, owner.cookie);
    expect(forOwner.pendingExtension).toEqual({ endDate: addDays(rental.endDate, 1), totalPence: 4400, expiresAt: expect.any(String) });
    expect((await kit.send('POST', `/api/rentals/${id}/extension/accept`, renter.cookie, {})).statusCode).toBe(403);

    expect((await kit.send('POST', `/api/rentals/${id}/extension/accept`, owner.cookie, {})).statusCode).toBe(204);
    expect((await kit.rental(id, renter.cookie)).endDate).toBe(addDays(rental.endDate, 1));
    expect(await cardTotal(renter.user.id)).toBe(paid - 4400);
    const again = await kit.send('POST', `/api/rentals/${id}/extension/accept`, owner.cookie, {});
    expect(again.json().error.message).toBe('There is no extension of this rental waiting for an answer.');

    await extend(id, { endDate: addDays(rental.endDate, 2), payWith: 'card', card });
    expect((await kit.send('POST', `/api/rentals/${id}/extension/decline`, owner.cookie, { reason: 'Needed it back' })).statusCode).toBe(
      204,
    );
    expect((await kit.rental(id, renter.cookie)).endDate).toBe(addDays(rental.endDate, 1));
    expect(await cardTotal(renter.user.id)).toBe(paid - 4400);
    expect([...processor.holds.values()].filter((h) => h === 'held')).toEqual([]);
    expect(await kit.unbalancedTransactions()).toBe(0);
  });
});

describe('a capture that fails after the extension is booked', () => {
  /** Makes the processor refuse the next capture (as a timeout would), then behave again. */
  function failNextCapture() {
    const real = processor.capture.bind(processor);
    processor.capture = async () => {
      processor.capture = real;
      throw new Error('processor timed out');
    };
  }
  const newestHold = () => [...processor.holds.entries()].at(-1)!;

  it('keeps the instant extension and its hold, and the capture job takes the money later', async () => {
    const saw = await createItem(ctx.database.db, owner.user.id, { name: 'Band saw', dailyRatePence: 1000, maxDays: 10 });
    const id = await book(renter, saw.id, 1, 2);
    const rental = await kit.rental(id, renter.cookie);
    failNextCapture();
    const res = await extend(id, { endDate: addDays(rental.endDate, 1), payWith: 'card', card });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'extended', chargedPence: 1100 });
    const [authorizationId, state] = newestHold();
    // Not voided: the extension is booked and its money posted.
    expect(state).toBe('held');
    expect((await kit.rental(id, renter.cookie)).endDate).toBe(addDays(rental.endDate, 1));
    clock = new Date(clock.getTime() + 61_000);
    await ctx.app.jobs.runDue();
    expect(processor.holds.get(authorizationId)).toBe('captured');
    expect(await kit.unbalancedTransactions()).toBe(0);
  });

  it('keeps an accepted extension of a request item, and the capture job takes the money later', async () => {
    const { id, rental } = await acceptedRequest('Tent', 2000, 3);
    expect((await extend(id, { endDate: addDays(rental.endDate, 1), payWith: 'card', card })).json()).toEqual({
      status: 'pending',
      chargedPence: 0,
    });
    const [authorizationId] = newestHold();
    failNextCapture();
    expect((await kit.send('POST', `/api/rentals/${id}/extension/accept`, owner.cookie, {})).statusCode).toBe(204);
    expect(processor.holds.get(authorizationId)).toBe('held');
    expect((await kit.rental(id, renter.cookie)).endDate).toBe(addDays(rental.endDate, 1));
    clock = new Date(clock.getTime() + 61_000);
    await ctx.app.jobs.runDue();
    expect(processor.holds.get(authorizationId)).toBe('captured');
  });
});
