import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, feeShares, formatDate, londonTimeToInstant, priceBasket, todayInLondon } from '@toolshed/core';
import type { Order } from '@toolshed/core/contract';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser } from '../../test/auth-helpers.ts';
import { createItem, insertCategories } from '../../test/factories.ts';
import { queryRows } from '../../db/database.ts';
import { createSimulatedProcessor } from '../../platform/payments/simulated-processor.ts';
import { rentalKit } from './rental-test-kit.ts';

/** Request to book through the real endpoints: holds, answers, expiry, refusals that move no money. */
let ctx: TestContext;
const mailer = createMemoryMailer();
const processor = createSimulatedProcessor({ delayMs: 0 });
let clock = new Date();
const kit = rentalKit(() => ctx);
const today = todayInLondon();
const d = (n: number) => addDays(today, n);
type Person = { cookie: string; user: { id: string } };
let renter: Person;
let other: Person;
let owner: Person;
let stranger: Person;
let ladder: { id: string; ownerId: string };
let drill: { id: string; ownerId: string };

const accept = (id: string, cookie: string) => kit.send('POST', `/api/rentals/${id}/accept`, cookie, {});
const decline = (id: string, cookie: string, reason?: string) =>
  kit.send('POST', `/api/rentals/${id}/decline`, cookie, reason === undefined ? {} : { reason });
const order = async (res: { json(): unknown }, cookie: string) =>
  (await kit.send('GET', `/api/orders/${(res.json() as { orderId: string }).orderId}`, cookie)).json() as Order;

async function cardTotal(userId: string): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    ctx.database.db,
    sql`select coalesce(sum(amount_pence), 0)::int as n from ledger_entries where account = 'card' and user_id = ${userId}`,
  );
  return rows[0]!.n;
}
const ledgerRows = async () => (await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from ledger_entries`))[0]!.n;
const holdsIn = (state: 'held' | 'captured' | 'voided') => [...processor.holds.values()].filter((s) => s === state).length;
async function notices(userId: string) {
  return queryRows<{ kind: string; title: string; link: string }>(
    ctx.database.db,
    sql`select kind, title, link from notifications where user_id = ${userId} order by created_at`,
  );
}

beforeAll(async () => {
  ctx = await createTestApp({ mailer, payments: processor, now: () => clock });
  await insertCategories(ctx.database.db);
  renter = await createSignedInUser(ctx.app, mailer, 'renter@example.com', 'Rita Renter');
  other = await createSignedInUser(ctx.app, mailer, 'other@example.com', 'Omar Other');
  owner = await createSignedInUser(ctx.app, mailer, 'owner@example.com', 'Olive Owner');
  stranger = await createSignedInUser(ctx.app, mailer, 'stranger@example.com', 'Stan Stranger');
  for (const p of [renter, other]) await kit.saveAddress(p.cookie);
  ladder = await createItem(ctx.database.db, owner.user.id, { name: 'Ladder', dailyRatePence: 1000, bookingMode: 'request', maxDays: 14 });
  drill = await createItem(ctx.database.db, owner.user.id, { name: 'Drill', dailyRatePence: 1250 });
});
afterAll(async () => ctx?.close());

describe('a wheelbarrow with an instant and a request line', () => {
  let requestId: string;

  it('is one payment: the instant line charged, the request authorised on its own and its dates held', async () => {
    const res = await kit.book(renter.cookie, [
      { itemId: ladder.id, startDate: d(5), endDate: d(7) },
      { itemId: drill.id, startDate: d(5), endDate: d(6) },
    ]);
    expect(res.statusCode).toBe(201);
    const placed = await order(res, renter.cookie);
    const price = priceBasket([
      { dailyRatePence: 1000, days: 3 },
      { dailyRatePence: 1250, days: 2 },
    ]);
    expect(placed).toMatchObject({
      subtotalPence: price.subtotalPence,
      serviceFeePence: price.serviceFeePence,
      totalPence: price.totalPence,
    });
    const byName = Object.fromEntries(placed.rentals.map((r) => [r.item.name, r]));
    expect(byName.Ladder!.status).toBe('requested');
    expect(byName.Drill!.status).toBe('upcoming');
    requestId = byName.Ladder!.id;
    // The card paid the drill and its share of the fee only; the ladder's authorisation waits.
    const ids = placed.rentals.map((r) => r.id).sort();
    const shares = feeShares(
      price.serviceFeePence,
      ids.map((id) => (id === requestId ? 3000 : 2500)),
    );
    const drillShare = shares[ids.indexOf(byName.Drill!.id)]!;
    expect(await cardTotal(renter.user.id)).toBe(-(2500 + drillShare));
    expect(holdsIn('held')).toBe(1);
    expect(holdsIn('captured')).toBe(1);
    // The renter sees what is held for the request and by when the owner must answer; the drill has none.
    const ladderShare = shares[ids.indexOf(requestId)]!;
    expect(byName.Ladder!.request).toEqual({ expiresAt: expect.any(String), heldPence: 3000 + ladderShare });
    expect(Date.parse(byName.Ladder!.request!.expiresAt) - clock.getTime()).toBe(24 * 3_600_000);
    expect(byName.Drill!.request).toBeNull();
    expect((await kit.rental(requestId, owner.cookie)).request).toBeNull();

    // Held: nobody else can book those dates meanwhile.
    const taken = await kit.book(other.cookie, [{ itemId: ladder.id, startDate: d(6), endDate: d(6) }]);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toContain('Ladder is already booked');
  });

  it('the owner is told, with a link to where they answer, and sees Accept and Decline', async () => {
    await ctx.app.jobs.runDue();
    const toOwner = await notices(owner.user.id);
    expect(toOwner).toContainEqual(
      expect.objectContaining({ kind: 'rental.requested', title: 'Request to book: Ladder', link: `/rentals/${requestId}` }),
    );
    expect((await kit.rental(requestId, owner.cookie)).actions).toEqual(['accept_request', 'decline_request']);
    expect((await kit.rental(requestId, renter.cookie)).actions).toEqual(['withdraw_request']);
    // My Items: the item with a request waiting comes first, the request first among its rentals.
    const mine = (await kit.send('GET', '/api/me/items', owner.cookie)).json() as {
      items: Array<{ name: string; periods: Array<{ rentalId: string; state: string }> }>;
    };
    expect(mine.items[0]).toMatchObject({ name: 'Ladder', periods: [{ rentalId: requestId, state: 'requested' }] });
  });

  it('refuses an answer from anyone but the owner, and moves no money', async () => {
    const before = await ledgerRows();
    const byRenter = await accept(requestId, renter.cookie);
    expect(byRenter.statusCode).toBe(403);
    expect(byRenter.json().error.message).toBe('Only the owner can accept or decline a request.');
    expect((await accept(requestId, stranger.cookie)).statusCode).toBe(404);
    expect((await decline(requestId, stranger.cookie, 'no')).statusCode).toBe(404);
    const noReason = await decline(requestId, owner.cookie, '  ');
    expect(noReason.statusCode).toBe(400);
    expect(await ledgerRows()).toBe(before);
    expect((await kit.rental(requestId, owner.cookie)).status).toBe('requested');
  });

  it('accepting captures the request: the rental is upcoming and the renter is told', async () => {
    const res = await accept(requestId, owner.cookie);
    expect(res.statusCode).toBe(204);
    const seen = await kit.rental(requestId, renter.cookie);
    expect(seen.status).toBe('upcoming');
    // Accepted, it is the owner's to cancel (not to decline) from now on.
    expect(await kit.rental(requestId, owner.cookie)).toMatchObject({
      requestAccepted: true,
      actions: expect.arrayContaining(['cancel_by_owner']),
    });
    expect(seen.paidPence).toBeGreaterThan(3000);
    expect(holdsIn('held')).toBe(0);
    expect(await cardTotal(renter.user.id)).toBe(
      -priceBasket([
        { dailyRatePence: 1000, days: 3 },
        { dailyRatePence: 1250, days: 2 },
      ]).totalPence,
    );
    expect(await kit.unbalancedTransactions()).toBe(0);
    await ctx.app.jobs.runDue();
    expect(await notices(renter.user.id)).toContainEqual(
      expect.objectContaining({ kind: 'rental.request_accepted', title: 'Request accepted: Ladder' }),
    );

    const again = await accept(requestId, owner.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This request has already been accepted.');
  });
});

describe('a declined request', () => {
  it('voids its authorisation, frees its dates, tells the renter, and can no longer be accepted', async () => {
    const res = await kit.book(renter.cookie, [{ itemId: ladder.id, startDate: d(20), endDate: d(21) }]);
    expect(res.statusCode).toBe(201);
    const id = (await order(res, renter.cookie)).rentals[0]!.id;
    const card = await cardTotal(renter.user.id);
    expect((await decline(id, owner.cookie, 'Away that weekend')).statusCode).toBe(204);
    const seen = await kit.rental(id, renter.cookie);
    expect(seen).toMatchObject({
      status: 'cancelled',
      paidPence: 0,
      cancellation: { by: 'owner', reason: 'Away that weekend', refundPence: 0 },
    });
    expect(holdsIn('held')).toBe(0);

    const late = await accept(id, owner.cookie);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('This request was declined, so it can no longer be accepted.');
    expect(await cardTotal(renter.user.id)).toBe(card);

    await ctx.app.jobs.runDue();
    expect(await notices(renter.user.id)).toContainEqual(
      expect.objectContaining({ kind: 'rental.cancelled', title: 'Request declined: Ladder' }),
    );
    // The dates are free again.
    expect((await kit.book(other.cookie, [{ itemId: ladder.id, startDate: d(20), endDate: d(21) }])).statusCode).toBe(201);
  });
});

describe('a request nobody answers', () => {
  it('expires after 24 hours: accepting is refused at once, the job voids it and both sides are told', async () => {
    const res = await kit.book(renter.cookie, [{ itemId: ladder.id, startDate: d(30), endDate: d(31) }]);
    const id = (await order(res, renter.cookie)).rentals[0]!.id;
    const card = await cardTotal(renter.user.id);
    const ledger = await ledgerRows();
    const started = clock;
    clock = new Date(started.getTime() + 24 * 3_600_000 + 1000);
    try {
      const late = await accept(id, owner.cookie);
      expect(late.statusCode).toBe(409);
      expect(late.json().error.message).toBe('This request has expired: its dates were freed and nothing was charged.');
      expect(await ledgerRows()).toBe(ledger);

      await ctx.app.jobs.runDue();
      const seen = await kit.rental(id, renter.cookie);
      expect(seen).toMatchObject({ status: 'cancelled', paidPence: 0, cancellation: { by: 'system' } });
      expect(holdsIn('held')).toBe(0);
      expect(await cardTotal(renter.user.id)).toBe(card);
      await ctx.app.jobs.runDue();
      expect(await notices(owner.user.id)).toContainEqual(
        expect.objectContaining({ kind: 'rental.cancelled', title: 'Request expired: Ladder' }),
      );
      expect(await notices(renter.user.id)).toContainEqual(
        expect.objectContaining({ kind: 'rental.cancelled', title: 'Request expired: Ladder' }),
      );
      expect((await accept(id, owner.cookie)).json().error.message).toBe(
        'This request has expired: its dates were freed and nothing was charged.',
      );
    } finally {
      clock = started;
    }
  });
});

describe('refused at checkout, nothing authorised', () => {
  it('a request whose dates were taken meanwhile', async () => {
    expect((await kit.book(other.cookie, [{ itemId: ladder.id, startDate: d(40), endDate: d(41) }])).statusCode).toBe(201);
    const holds = processor.holds.size;
    const res = await kit.book(renter.cookie, [{ itemId: ladder.id, startDate: d(41), endDate: d(42) }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain('Ladder is already booked');
    expect(processor.holds.size).toBe(holds);
  });

  it('a request starting today: the owner would have no time to answer', async () => {
    const res = await kit.book(renter.cookie, [{ itemId: ladder.id, startDate: d(0), endDate: d(1) }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('Ladder is booked on request');
  });

  it('late in the evening, a request for tomorrow: the owner would have under 12 hours, so it is refused and the check flags it', async () => {
    const started = clock;
    clock = londonTimeToInstant(today, '21:30');
    try {
      const holds = processor.holds.size;
      const res = await kit.book(renter.cookie, [{ itemId: ladder.id, startDate: d(1), endDate: d(1) }]);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(
        `Ladder is booked on request, and its owner needs at least 12 hours to answer: please choose a start date from ${formatDate(d(2))}.`,
      );
      expect(processor.holds.size).toBe(holds);
      const lines = [
        { itemId: ladder.id, startDate: d(1), endDate: d(1) },
        { itemId: ladder.id, startDate: d(2), endDate: d(2) },
      ];
      const check = (await kit.send('POST', '/api/wheelbarrow/check', renter.cookie, { lines })).json() as {
        lines: Array<{ state: string; message: string | null }>;
      };
      expect(check.lines.map((l) => l.state)).toEqual(['invalid', 'ok']);
      expect(check.lines[0]!.message).toContain('needs at least 12 hours to answer');
    } finally {
      clock = started;
    }
  });
});
