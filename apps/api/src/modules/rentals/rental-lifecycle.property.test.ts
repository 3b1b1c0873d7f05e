import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  compareDates,
  daysInclusive,
  extensionExpiresAt,
  feeShares,
  lineTotalPence,
  requestExpiresAt,
  earliestRequestStart,
  TEST_CARDS,
  todayInLondon,
  keptPence,
  refundedPence,
  refundPercentAt,
} from '@toolshed/core';
import type { Order } from '@toolshed/core/contract';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { cookieHeader, createSignedInUser, signIn } from '../../test/auth-helpers.ts';
import { createItem, insertCategories } from '../../test/factories.ts';
import { queryRows } from '../../db/database.ts';
import { createSimulatedProcessor } from '../../platform/payments/simulated-processor.ts';
import { rentalKit } from './rental-test-kit.ts';
import { expectStatementMatchesLedger } from '../../test/statement-check.ts';

/**
 * Random sequences of book, cancel (either side), return and review, and for the request-to-book
 * item accept, decline and the renter's withdrawal (with requests expiring as days pass) and
 * extensions that wait for the owner holding their days (withdrawn by the renter or expiring), an
 * operator's suspension of a renter (their waiting requests and extensions declined, their bookings
 * not yet started cancelled with everything back; reinstated after), a
 * few at a time at once (really in parallel on PostgreSQL), checked after every batch against a
 * serial model: the answers the API gave must be those of some order of the batch's operations
 * applied one by one. Both items keep a buffer day after each rental; one has a weekly price. After
 * each run: no two open rentals or held requests of an item overlap (buffers and the days pending
 * extensions hold included), every charge is core's pricing function, a declined, withdrawn or
 * expired request or extension moved no money and its hold was voided, every ledger transaction
 * sums to zero, no refund beyond what was paid, and ratings equal the average of visible reviews.
 * After every batch, each member's statement (Transactions) reconciles with the ledger: each account's
 * lines sum to its balance, every posting touching them is listed once, the running balance adds up.
 */

type Side = 'renter' | 'owner';
type Op =
  | { kind: 'book'; renter: number; item: number; offset: number; days: number }
  | { kind: 'cancel'; ref: number; by: Side }
  | { kind: 'return'; ref: number }
  | { kind: 'review'; ref: number; by: Side; halves: number }
  | { kind: 'answer'; ref: number; accept: boolean }
  | { kind: 'withdraw'; ref: number }
  | { kind: 'extend'; ref: number; days: number }
  | { kind: 'withdraw_extension'; ref: number }
  /** An operator suspends the renter (alone in its batch), who is reinstated and signs in again after it. */
  | { kind: 'suspend'; renter: number };

interface ModelRental {
  id: string;
  item: number;
  renter: number;
  start: string;
  end: string;
  state: 'requested' | 'open' | 'cancelled' | 'returned';
  /** A request item's extension waiting for its owner (never answered here): the end it holds the days to, until when. */
  extensionPending?: { heldEnd: string; expiresAt: Date } | undefined;
  /** A request's hold ends here. */
  expiresAt?: Date;
  reviewed: Record<Side, boolean>;
}

/**
 * Item 0 is booked instantly, has a weekly price and the Strict policy; item 1 is request to book and
 * Moderate. Both keep 1 buffer day. (Flexible, the default, is the deposits property test's.)
 */
const ITEMS = [
  { dailyRatePence: 995, weeklyRatePence: 5000, bookingMode: 'instant' as const, cancellationPolicy: 'strict' as const },
  { dailyRatePence: 1245, weeklyRatePence: null, bookingMode: 'request' as const, cancellationPolicy: 'moderate' as const },
];
const BUFFER_DAYS = 1;
const OPERATOR_EMAIL = 'operator@example.com';
/** The test clock runs years ahead across runs and shrinking: a card that has not expired by then. */
const EXTENSION_CARD = { number: TEST_CARDS.success, expiry: '12/99', cvv: '123', name: 'Renter' };

const op: fc.Arbitrary<Op> = fc.oneof(
  // Bookings weigh more, so that the other operations find rentals (and requests) to act on.
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('book' as const),
      renter: fc.nat(1),
      item: fc.nat(1),
      offset: fc.nat(4),
      days: fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 7, max: 9 })),
    }),
  },
  // Accepted more often than declined, so that the request item has rentals to extend.
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('answer' as const), ref: fc.nat(20), accept: fc.constantFrom(true, true, false) }),
  },
  fc.record({ kind: fc.constant('withdraw' as const), ref: fc.nat(20) }),
  fc.record({ kind: fc.constant('extend' as const), ref: fc.nat(20), days: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('withdraw_extension' as const), ref: fc.nat(20) }),
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('suspend' as const), renter: fc.nat(1) }) },
  fc.record({ kind: fc.constant('cancel' as const), ref: fc.nat(20), by: fc.constantFrom<Side>('renter', 'owner') }),
  fc.record({ kind: fc.constant('return' as const), ref: fc.nat(20) }),
  fc.record({
    kind: fc.constant('review' as const),
    ref: fc.nat(20),
    by: fc.constantFrom<Side>('renter', 'owner'),
    halves: fc.integer({ min: 1, max: 10 }),
  }),
);
/**
 * Batches of operations sent at once, with hours or days passing between batches. A suspension is
 * sent alone: it is not one transaction (its cancellations follow its commit), so a booking sent
 * beside it may land between the two, which no serial order explains.
 */
const script = fc.array(
  fc
    .record({ ops: fc.array(op, { minLength: 1, maxLength: 3 }), hoursAfter: fc.constantFrom(0, 0, 6, 24, 48, 72), runJobs: fc.boolean() })
    .map((batch) => {
      const suspension = batch.ops.find((o) => o.kind === 'suspend');
      return suspension ? { ...batch, ops: [suspension] } : batch;
    }),
  { minLength: 2, maxLength: 5 },
);

type Batch = { ops: Op[]; hoursAfter: number; runJobs: boolean };
const bookRequestItem = (renter: number, offset: number, days: number): Op => ({ kind: 'book', renter, item: 1, offset, days });
/**
 * Scripts tried first, as random ones rarely reach them: a request item's rental accepted and
 * extended, its held days refused to another booking while the renter withdraws the extension at
 * once; an extension whose hold runs out, refused to withdraw and still holding its days until
 * its job runs, then free; a rental cancelled while its extension waits; and two extensions of
 * one rental sent at once.
 */
const EXAMPLES: Batch[][] = [
  [
    { ops: [bookRequestItem(0, 2, 2)], hoursAfter: 0, runJobs: false },
    { ops: [{ kind: 'answer', ref: 0, accept: true }], hoursAfter: 0, runJobs: false },
    { ops: [{ kind: 'extend', ref: 1, days: 2 }], hoursAfter: 0, runJobs: false },
    { ops: [bookRequestItem(1, 4, 1), { kind: 'withdraw_extension', ref: 0 }], hoursAfter: 0, runJobs: true },
  ],
  [
    { ops: [bookRequestItem(0, 2, 2)], hoursAfter: 0, runJobs: false },
    { ops: [{ kind: 'answer', ref: 0, accept: true }], hoursAfter: 0, runJobs: false },
    { ops: [{ kind: 'extend', ref: 1, days: 1 }], hoursAfter: 30, runJobs: false },
    { ops: [bookRequestItem(1, 4, 1), { kind: 'withdraw_extension', ref: 0 }], hoursAfter: 0, runJobs: true },
    { ops: [bookRequestItem(1, 4, 1), { kind: 'withdraw', ref: 1 }], hoursAfter: 0, runJobs: false },
  ],
  // Found in CI: a rental cancelled while its extension waits; the extension ends with it once the
  // rental's event is handled, so it can no longer be withdrawn and holds nothing.
  [
    { ops: [bookRequestItem(0, 3, 2)], hoursAfter: 0, runJobs: false },
    { ops: [{ kind: 'answer', ref: 0, accept: true }], hoursAfter: 0, runJobs: false },
    { ops: [{ kind: 'extend', ref: 1, days: 1 }], hoursAfter: 0, runJobs: false },
    { ops: [{ kind: 'cancel', ref: 0, by: 'owner' }], hoursAfter: 0, runJobs: true },
    { ops: [{ kind: 'withdraw_extension', ref: 0 }], hoursAfter: 0, runJobs: false },
  ],
  // A suspension with a request waiting, an upcoming booking, and a running rental with its extension waiting.
  [
    { ops: [bookRequestItem(0, 2, 2), { kind: 'book', renter: 0, item: 0, offset: 1, days: 1 }], hoursAfter: 0, runJobs: false },
    { ops: [{ kind: 'answer', ref: 0, accept: true }], hoursAfter: 0, runJobs: false },
    { ops: [bookRequestItem(0, 5, 2)], hoursAfter: 48, runJobs: true },
    { ops: [{ kind: 'extend', ref: 1, days: 1 }], hoursAfter: 0, runJobs: false },
    { ops: [{ kind: 'suspend', renter: 0 }], hoursAfter: 0, runJobs: true },
  ],
  // Found on PostgreSQL: two extensions of an active rental at once, by one and by three days.
  [
    { ops: [{ kind: 'book', renter: 1, item: 0, offset: 0, days: 2 }], hoursAfter: 24, runJobs: true },
    {
      ops: [
        { kind: 'extend', ref: 0, days: 1 },
        { kind: 'extend', ref: 0, days: 3 },
      ],
      hoursAfter: 0,
      runJobs: false,
    },
  ],
];

function permutations<T>(xs: T[]): T[][] {
  if (xs.length <= 1) return [xs];
  return xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((rest) => [x, ...rest]));
}

describe('rental lifecycle under concurrency', () => {
  let ctx: TestContext;
  const mailer = createMemoryMailer();
  const kit = rentalKit(() => ctx);
  const processor = createSimulatedProcessor({ delayMs: 0 });
  let clock = new Date('2026-11-20T12:00:00Z');
  /** The share of what was paid each cancelled rental got back, as the model says: its policy's when the renter cancelled, all when the owner did. */
  const refundPercents = new Map<string, number>();
  const people: Record<'renters' | 'owners', Array<{ cookie: string; user: { id: string } }>> = { renters: [], owners: [] };
  let operator: { cookie: string; user: { id: string } };

  beforeAll(async () => {
    ctx = await createTestApp({ mailer, now: () => clock, payments: processor, env: { OPERATOR_EMAILS: OPERATOR_EMAIL } });
    await insertCategories(ctx.database.db);
    for (const i of [0, 1]) {
      people.renters.push(await createSignedInUser(ctx.app, mailer, `renter${i}@example.com`, `Renter ${i}`));
      people.owners.push(await createSignedInUser(ctx.app, mailer, `owner${i}@example.com`, `Owner ${i}`));
    }
    for (const r of people.renters) await kit.saveAddress(r.cookie);
    // An operator with this session's second factor, for the suspensions.
    operator = await createSignedInUser(ctx.app, mailer, OPERATOR_EMAIL, 'Opal Operator');
    await kit.send('POST', '/api/ops/code', operator.cookie);
    const code = /(\d{6})/.exec(mailer.lastTo(OPERATOR_EMAIL).subject)![1]!;
    expect((await kit.send('POST', '/api/ops/code/verify', operator.cookie, { code })).statusCode).toBe(200);
    // The test clock runs months ahead; the daily clean-up would otherwise end these sessions.
    await ctx.database.db.execute(sql`update sessions set expires_at = now() + interval '10 years'`);
  });
  afterAll(async () => ctx?.close());

  /** The rental an operation acts on: answers go to requests and extensions to open rentals when there are any, so that they are tried often. */
  function pick(o: Op, model: ModelRental[]): ModelRental | null {
    if (o.kind === 'book' || o.kind === 'suspend') return null;
    const preferred =
      o.kind === 'answer' || o.kind === 'withdraw'
        ? model.filter((r) => r.state === 'requested' && (o.ref % 4 === 0 || clock < r.expiresAt!))
        : o.kind === 'extend'
          ? openPreferringRequests(model, o.ref)
          : o.kind === 'withdraw_extension'
            ? model.filter((r) => r.extensionPending && (o.ref % 4 === 0 || clock < r.extensionPending.expiresAt))
            : [];
    const from = preferred.length > 0 ? preferred : model;
    return from[o.ref % Math.max(1, from.length)] ?? null;
  }

  /** Open rentals; for odd refs only the request item's when there are any (its extensions wait for the owner, holding their days). */
  function openPreferringRequests(model: ModelRental[], ref: number): ModelRental[] {
    const open = model.filter((r) => r.state === 'open');
    const requests = open.filter((r) => ITEMS[r.item]!.bookingMode === 'request');
    return ref % 2 === 1 && requests.length > 0 ? requests : open;
  }

  /** The status the model expects for `o` on `target` (and the model after it), or null when it has no target. */
  /** `asked`: for an extension, the end date sent (the target's end when the batch began, plus the days). */
  /** `answered`: the server's status, where the model allows more than one (an extension sent beside another change of its rental). */
  function apply(
    o: Op,
    rentals: ModelRental[],
    today: string,
    target: ModelRental | null,
    asked: string | null = null,
    answered: number | null = null,
  ): number | null {
    if (o.kind === 'book') return null;
    if (o.kind === 'suspend') {
      // Toolshed cancels the renter's waiting requests and bookings not yet started (everything back),
      // and declines their extensions still waiting; rentals already running go on.
      for (const r of rentals) {
        if (r.renter !== o.renter) continue;
        r.extensionPending = undefined;
        if (r.state === 'requested' || (r.state === 'open' && compareDates(r.start, today) > 0)) r.state = 'cancelled';
      }
      return 200;
    }
    const r = target && rentals.find((x) => x.id === target.id);
    if (!r) return null;
    if (o.kind === 'answer') {
      // Accept or decline only a request still holding its dates; an expired one is refused even before the job closes it.
      if (r.state !== 'requested' || clock >= r.expiresAt!) return 409;
      r.state = o.accept ? 'open' : 'cancelled';
      return 204;
    }
    if (o.kind === 'withdraw') {
      // The renter takes back a request still holding its dates; anything else (answered, expired, instant) is refused.
      if (r.state !== 'requested' || clock >= r.expiresAt!) return 409;
      r.state = 'cancelled';
      return 204;
    }
    if (o.kind === 'withdraw_extension') {
      // Whatever became of the rental meanwhile, a pending extension whose hold has not run out may be withdrawn.
      if (!r.extensionPending || clock >= r.extensionPending.expiresAt) return 409;
      r.extensionPending = undefined;
      return 204;
    }
    if (o.kind === 'extend') {
      // Upcoming or active (not overdue), within the 10-day maximum, the next days free of others (buffers included).
      // Two extensions of one rental sent at once ask for the same date: the second finds it no longer later than the end.
      const end = asked ?? addDays(r.end, o.days);
      if (compareDates(end, r.end) <= 0) return 409;
      const others = rentals.filter((x) => x !== r);
      const free = bookable({ kind: 'book', renter: r.renter, item: r.item, offset: 0, days: 1 }, others, addDays(r.end, 1), end);
      if (r.state !== 'open' || compareDates(today, r.end) > 0 || daysInclusive(r.start, end) > 10 || !free || r.extensionPending)
        return 409;
      // Sent at once with another extension of the same rental: the server prices it before its
      // transaction and, finding the rental moved meanwhile, refuses it ('changed meanwhile') and moves
      // no money, where a serial run would have priced it afresh. Either answer is right then.
      if (answered === 409 && target && r.end !== target.end) return 409;
      if (ITEMS[r.item]!.bookingMode === 'request') r.extensionPending = { heldEnd: end, expiresAt: extensionExpiresAt(clock, r.end) };
      else r.end = end;
      return 200;
    }
    if (r.state === 'requested') return 409;
    if (o.kind === 'cancel') {
      if (r.state !== 'open' || compareDates(today, r.start) >= 0) return 409;
      r.state = 'cancelled';
      return 200;
    }
    if (o.kind === 'return') {
      if (r.state !== 'open' || compareDates(today, r.start) < 0) return 409;
      r.state = 'returned';
      return 204;
    }
    if (r.state !== 'returned' || r.reviewed[o.by]) return 409;
    r.reviewed[o.by] = true;
    return 201;
  }

  /** Free when no open rental or held request of the item (to the end its pending extension holds) is within the buffer of these dates. */
  function bookable(o: Extract<Op, { kind: 'book' }>, rentals: ModelRental[], start: string, end: string): boolean {
    return !rentals.some(
      (r) =>
        r.item === o.item &&
        (r.state === 'open' || r.state === 'requested') &&
        compareDates(r.start, addDays(end, BUFFER_DAYS)) <= 0 &&
        compareDates(start, addDays(r.extensionPending?.heldEnd ?? r.end, BUFFER_DAYS)) <= 0,
    );
  }

  /**
   * What the jobs close once they run: requests and pending extensions whose hold has run out, and
   * pending extensions of rentals cancelled or returned meanwhile (they end with their rental).
   */
  function expireInModel(model: ModelRental[]) {
    for (const r of model) {
      if (r.state === 'requested' && clock >= r.expiresAt!) r.state = 'cancelled';
      const ended = r.state === 'cancelled' || r.state === 'returned';
      if (r.extensionPending && (ended || clock >= r.extensionPending.expiresAt)) r.extensionPending = undefined;
    }
  }

  /** The answer to a booking: a request must leave its owner 12 hours before its start (400), then free (201) or not (409). */
  function bookStatus(o: Extract<Op, { kind: 'book' }>, rentals: ModelRental[], start: string, end: string, today: string): number {
    if (ITEMS[o.item]!.bookingMode === 'request' && (start === today || compareDates(start, earliestRequestStart(clock)) < 0)) return 400;
    return bookable(o, rentals, start, end) ? 201 : 409;
  }

  it('matches a serial model and keeps the money and ratings invariants', async () => {
    await fc.assert(
      fc.asyncProperty(script, async (batches) => {
        const items: Array<{ id: string }> = [];
        for (const i of [0, 1])
          items.push(
            await createItem(ctx.database.db, people.owners[i]!.user.id, {
              name: `Tool ${i}`,
              ...ITEMS[i]!,
              bufferDays: BUFFER_DAYS,
              minDays: 1,
              maxDays: 10,
            }),
          );
        const model: ModelRental[] = [];
        for (const batch of batches) {
          const today = todayInLondon(clock);
          const targets = batch.ops.map((o) => pick(o, model));
          const asked = batch.ops.map((o, i) => (o.kind === 'extend' && targets[i] ? addDays(targets[i].end, o.days) : null));
          const responses = await Promise.all(
            batch.ops.map((o, i) => {
              if (o.kind === 'book') {
                const start = addDays(today, o.offset);
                // The first renter pays from their Toolshed balance first (when they have one), the other by card alone.
                return kit.book(
                  people.renters[o.renter]!.cookie,
                  [{ itemId: items[o.item]!.id, startDate: start, endDate: addDays(start, o.days - 1) }],
                  o.renter === 0,
                );
              }
              if (o.kind === 'suspend')
                return kit.send('POST', `/api/ops/members/${people.renters[o.renter]!.user.id}/suspend`, operator.cookie, {
                  reason: 'Checking what a suspension does.',
                });
              const r = targets[i];
              if (!r) return Promise.resolve(null);
              const owner = people.owners[r.item]!;
              const renterCookie = people.renters[r.renter]!.cookie;
              if (o.kind === 'cancel')
                return o.by === 'owner' ? kit.cancel(r.id, owner.cookie, 'Not available after all.') : kit.cancel(r.id, renterCookie);
              if (o.kind === 'return') return kit.markReturned(r.id, owner.cookie);
              if (o.kind === 'extend')
                return kit.send('POST', `/api/rentals/${r.id}/extension`, renterCookie, {
                  endDate: asked[i]!,
                  payWith: 'card',
                  card: EXTENSION_CARD,
                });
              if (o.kind === 'withdraw') return kit.send('POST', `/api/rentals/${r.id}/withdraw`, renterCookie, {});
              if (o.kind === 'withdraw_extension') return kit.send('POST', `/api/rentals/${r.id}/extension/withdraw`, renterCookie, {});
              if (o.kind === 'answer')
                return o.accept
                  ? kit.send('POST', `/api/rentals/${r.id}/accept`, owner.cookie, {})
                  : kit.send('POST', `/api/rentals/${r.id}/decline`, owner.cookie, { reason: 'Not that week.' });
              return kit.review(r.id, o.by === 'owner' ? owner.cookie : renterCookie, o.halves / 2, 'Fine.');
            }),
          );
          const statuses = responses.map((res) => res?.statusCode ?? null);
          expect(statuses.filter((s) => s !== null && s >= 500)).toEqual([]);

          // Some serial order of the batch gives exactly these answers.
          const order = permutations(batch.ops.map((_, i) => i)).find((perm) => {
            const trial = model.map((r) => ({ ...r, reviewed: { ...r.reviewed } }));
            // (extensionPending is replaced, never changed in place, so the shallow copy keeps the model's intact.)
            return perm.every((i) => {
              const o = batch.ops[i]!;
              if (o.kind === 'book') {
                const start = addDays(today, o.offset);
                const status = bookStatus(o, trial, start, addDays(start, o.days - 1), today);
                if (status === 201)
                  trial.push({
                    id: `new-${i}`,
                    item: o.item,
                    renter: o.renter,
                    start,
                    end: addDays(start, o.days - 1),
                    state: isRequest(o) ? 'requested' : 'open',
                    expiresAt: requestExpiresAt(clock, start),
                    reviewed: { renter: false, owner: false },
                  });
                return statuses[i] === status;
              }
              const expected = apply(o, trial, today, targets[i] ?? null, asked[i], statuses[i]);
              return statuses[i] === expected;
            });
          });
          expect(order, `no serial order explains ${JSON.stringify({ ops: batch.ops, statuses })}`).toBeDefined();

          // Apply the batch to the model in that order, with the real ids of new rentals.
          for (const i of order!) {
            const o = batch.ops[i]!;
            if (o.kind === 'book') {
              if (statuses[i] !== 201) continue;
              const orderBody = (
                await kit.send('GET', `/api/orders/${responses[i]!.json().orderId}`, people.renters[o.renter]!.cookie)
              ).json() as Order;
              const booked = orderBody.rentals[0]!;
              if (isRequest(o)) expect(booked.status).toBe('requested');
              else expect(booked.status).not.toBe('requested');
              model.push({
                id: booked.id,
                item: o.item,
                renter: o.renter,
                start: booked.startDate,
                end: booked.endDate,
                state: isRequest(o) ? 'requested' : 'open',
                expiresAt: requestExpiresAt(clock, booked.startDate),
                reviewed: { renter: false, owner: false },
              });
            } else {
              apply(o, model, today, targets[i] ?? null, asked[i], statuses[i]);
              const r = targets[i];
              if (o.kind === 'cancel' && statuses[i] === 200 && r)
                refundPercents.set(r.id, o.by === 'owner' ? 100 : refundPercentAt(ITEMS[r.item]!.cancellationPolicy, r.start, clock));
            }
          }
          // A suspended renter is reinstated and signs in again (the suspension ended their sessions).
          for (const o of batch.ops)
            if (o.kind === 'suspend') {
              const renter = people.renters[o.renter]!;
              const back = await kit.send('POST', `/api/ops/members/${renter.user.id}/reinstate`, operator.cookie, {
                reason: 'Done checking.',
              });
              expect(back.statusCode, back.body).toBe(200);
              const signedIn = await signIn(ctx.app, `renter${o.renter}@example.com`);
              expect(signedIn.statusCode).toBe(200);
              renter.cookie = cookieHeader(signedIn);
              await ctx.database.db.execute(sql`update sessions set expires_at = now() + interval '10 years'`);
            }
          // After every batch each member's statement reconciles with the ledger.
          for (const member of [...people.renters, ...people.owners])
            await expectStatementMatchesLedger(ctx.app, ctx.database.db, member, 50);
          clock = new Date(clock.getTime() + batch.hoursAfter * 3_600_000);
          // Requests nobody answered expire when their job runs (not every time, so that answers to
          // an expired request not yet closed are tried too).
          if (batch.runJobs) {
            await ctx.app.jobs.runDue();
            expireInModel(model);
          }
        }
        await ctx.app.jobs.runDue();
        expireInModel(model);
        for (const r of model) {
          const seen = await kit.rental(r.id, people.renters[r.renter]!.cookie);
          const expected =
            r.state === 'requested' ? 'requested' : r.state === 'cancelled' ? 'cancelled' : r.state === 'returned' ? 'completed' : null;
          if (expected) expect(seen.status, `rental ${r.id}`).toBe(expected);
          expect(seen.cancellationPolicy, `rental ${r.id} keeps its item's policy`).toBe(ITEMS[r.item]!.cancellationPolicy);
          expect(seen.pendingExtension?.endDate ?? null, `rental ${r.id}'s pending extension`).toBe(r.extensionPending?.heldEnd ?? null);
        }
        await checkInvariants();
        // Past every blind period: the reveal jobs show what is still hidden, with the ratings.
        clock = new Date(clock.getTime() + 15 * 86_400_000);
        await ctx.app.jobs.runDue();
        await checkInvariants();
        const hidden = await queryRows(ctx.database.db, sql`select v.id from reviews v where v.published_at is null`);
        expect(hidden).toEqual([]);
      }),
      { numRuns: Number(process.env.LIFECYCLE_RUNS ?? 25), interruptAfterTimeLimit: 45_000, examples: EXAMPLES.map((e) => [e]) },
    );
  }, 120_000);

  function isRequest(o: Extract<Op, { kind: 'book' }>): boolean {
    return ITEMS[o.item]!.bookingMode === 'request';
  }

  async function checkInvariants() {
    const db = ctx.database.db;
    for (const member of [...people.renters, ...people.owners]) await expectStatementMatchesLedger(ctx.app, db, member);
    // Open rentals and held requests, each to the end its pending extension holds: none share a day, nor a buffer day after the earlier one.
    const overlaps = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from rentals a join rentals b on a.item_id = b.item_id and a.id < b.id
          where not a.returned and a.cancelled_at is null and not b.returned and b.cancelled_at is null
            and daterange(a.start_date, coalesce(a.held_end_date, a.end_date) + a.buffer_days, '[]')
             && daterange(b.start_date, coalesce(b.held_end_date, b.end_date) + b.buffer_days, '[]')`,
    );
    expect(overlaps[0]!.n).toBe(0);
    // A rental holds days exactly while an extension of it waits, to that extension's end.
    expect(
      await queryRows(
        db,
        sql`select r.id from rentals r left join rental_extensions x on x.rental_id = r.id and x.status = 'pending'
            where r.held_end_date is distinct from x.to_end_date and r.cancelled_at is null and not r.returned`,
      ),
      'held days follow the pending extension',
    ).toEqual([]);
    // An extension that was withdrawn or expired moved no money and its authorisation was voided; a pending one is still held.
    const extensions = await queryRows<{ status: string; authorization_id: string }>(
      db,
      sql`select status, authorization_id from rental_extensions where authorization_id is not null`,
    );
    for (const x of extensions) {
      const expected = x.status === 'paid' ? 'captured' : x.status === 'pending' ? 'held' : 'voided';
      expect(processor.holds.get(x.authorization_id), `extension ${x.status}`).toBe(expected);
    }
    expect(
      await queryRows(db, sql`select id from rentals where buffer_days <> ${BUFFER_DAYS}::int`),
      "each rental keeps its item's buffer",
    ).toEqual([]);
    await checkCharges();
    expect(await kit.unbalancedTransactions()).toBe(0);

    // Each cancelled line got back exactly its policy's share of its total and of its fee share, once
    // (all of it when the owner cancelled); the owner kept the rest of the line; no payment refunded beyond its amount.
    const lines = await queryRows<{
      id: string;
      payment_id: string;
      total_pence: number;
      extended_line: number;
      extended_fee: number;
      cancelled: boolean;
      fee: number;
      amount: number;
      refunded: number;
      kept: number;
      refunds: number;
    }>(
      db,
      sql`select r.id, r.payment_id, r.total_pence, r.extended_line_pence as extended_line, r.extended_fee_pence as extended_fee, r.cancelled_at is not null and coalesce(r.request_status, 'accepted') = 'accepted' as cancelled,
                 p.service_fee_pence as fee, p.amount_pence as amount,
                 coalesce((select sum(e.amount_pence) from ledger_entries e where e.rental_id = r.id and e.kind in ('refund', 'card_refund')), 0)::int as refunded,
                 coalesce((select sum(e.amount_pence) from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
                            where t.rental_id = r.id and e.kind = 'earnings_kept'), 0)::int as kept,
                 (select count(*) from ledger_transactions t where t.rental_id = r.id and t.kind = 'rental_cancelled')::int as refunds
          from rentals r join payments p on p.id = r.payment_id order by r.id`,
    );
    const byPayment = new Map<string, typeof lines>();
    for (const l of lines) byPayment.set(l.payment_id, [...(byPayment.get(l.payment_id) ?? []), l]);
    for (const group of byPayment.values()) {
      // The checkout's fee is shared over its own lines (what extensions added is paid beside it).
      const shares = feeShares(
        group[0]!.fee,
        group.map((l) => l.total_pence - l.extended_line),
      );
      group.forEach((l, i) => {
        expect(l.refunds).toBe(l.cancelled ? 1 : 0);
        const percent = refundPercents.get(l.id) ?? 100;
        const fee = shares[i]! + l.extended_fee;
        expect(l.refunded, `rental ${l.id} at ${percent}%`).toBe(
          l.cancelled ? refundedPence(l.total_pence, percent) + refundedPence(fee, percent) : 0,
        );
        expect(l.kept, `rental ${l.id} kept by its owner`).toBe(l.cancelled ? keptPence(l.total_pence, percent) : 0);
      });
      const extensions = group.reduce((s, l) => s + l.extended_line + l.extended_fee, 0);
      expect(group.reduce((s, l) => s + l.refunded, 0)).toBeLessThanOrEqual(group[0]!.amount + extensions);
    }
    expect(
      await queryRows(db, sql`select id from rentals where cancelled_at is not null and returned`),
      'no rental both cancelled and returned',
    ).toEqual([]);

    const ratings = await queryRows<{ id: string; rating: number | null; total_ratings: number; avg: number | null; n: number }>(
      db,
      sql`select u.id, u.rating, u.total_ratings,
                 (select round(avg(v.rating), 2)::float8 from reviews v where v.reviewee_id = u.id and v.published_at is not null) as avg,
                 (select count(*)::int from reviews v where v.reviewee_id = u.id and v.published_at is not null) as n
          from users u`,
    );
    for (const u of ratings) expect({ rating: u.rating, count: u.total_ratings }).toEqual({ rating: u.avg, count: u.n });
    // Reviews show only in pairs or after the blind period.
    const lonely = await queryRows(
      db,
      sql`select v.id from reviews v join rentals r on r.id = v.rental_id
          where v.published_at is not null and r.returned_at > ${new Date(clock.getTime() - 14 * 86_400_000).toISOString()}
            and (select count(*) from reviews w where w.rental_id = v.rental_id) < 2`,
    );
    expect(lonely).toEqual([]);
  }

  /**
   * Every line is priced by core's lineTotalPence (weekly price included) and every payment by
   * priceBasket's fee; the card paid exactly the lines booked instantly or accepted, each with its
   * fee share; a declined, withdrawn or expired request has no ledger entries and its hold was voided.
   */
  async function checkCharges() {
    const db = ctx.database.db;
    const rows = await queryRows<{
      id: string;
      payment_id: string;
      start_date: string;
      end_date: string;
      daily_rate_pence: number;
      weekly_rate_pence: number | null;
      total_pence: number;
      request_status: string | null;
      request_authorization_id: string | null;
      request_amount_pence: number | null;
      subtotal: number;
      fee: number;
      card: number;
      entries: number;
      extended_line_pence: number;
      extended_fee_pence: number;
    }>(
      db,
      sql`select r.id, r.payment_id, to_char(r.start_date, 'YYYY-MM-DD') as start_date, to_char(r.end_date, 'YYYY-MM-DD') as end_date, r.daily_rate_pence,
                 r.weekly_rate_pence, r.total_pence, r.request_status, r.request_authorization_id, r.request_amount_pence, r.extended_line_pence, r.extended_fee_pence,
                 p.subtotal_pence as subtotal, p.service_fee_pence as fee,
                 (select coalesce(sum(e.amount_pence), 0) from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
                   where t.payment_id = r.payment_id and e.account = 'card' and e.kind in ('rental_payment', 'extension_payment'))::int as card,
                 (select count(*) from ledger_entries e where e.rental_id = r.id)::int as entries
          from rentals r join payments p on p.id = r.payment_id order by r.id`,
    );
    const byPayment = new Map<string, typeof rows>();
    for (const r of rows) byPayment.set(r.payment_id, [...(byPayment.get(r.payment_id) ?? []), r]);
    for (const group of byPayment.values()) {
      for (const r of group)
        expect(r.total_pence).toBe(lineTotalPence(r.daily_rate_pence, daysInclusive(r.start_date, r.end_date), r.weekly_rate_pence));
      const booked = group.map((r) => r.total_pence - r.extended_line_pence);
      expect(group[0]!.subtotal).toBe(booked.reduce((sum, t) => sum + t, 0));
      const shares = feeShares(group[0]!.fee, booked);
      // Checkout charged the instant and accepted lines with their shares; extensions (all by card here) the rest of each new range.
      const charged = group.reduce(
        (sum, r, i) =>
          sum +
          (r.request_status === null || r.request_status === 'accepted' ? booked[i]! + shares[i]! : 0) +
          Math.max(0, r.extended_line_pence + r.extended_fee_pence),
        0,
      );
      expect(0 - group[0]!.card, `payment ${group[0]!.payment_id}`).toBe(charged);
      group.forEach((r, i) => {
        if (r.request_status !== null) expect(r.request_amount_pence).toBe(booked[i]! + shares[i]!);
        if (r.request_status === 'declined' || r.request_status === 'expired' || r.request_status === 'withdrawn') {
          expect(r.entries, `voided request ${r.id} moved money`).toBe(0);
          expect(processor.holds.get(r.request_authorization_id!)).toBe('voided');
        }
        if (r.request_status === 'accepted') expect(processor.holds.get(r.request_authorization_id!)).toBe('captured');
        if (r.request_status === 'pending') expect(processor.holds.get(r.request_authorization_id!)).toBe('held');
      });
    }
  }
});
