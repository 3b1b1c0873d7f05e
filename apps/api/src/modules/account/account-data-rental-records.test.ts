import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInLondon } from '@toolshed/core';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, ORIGIN } from '../../test/auth-helpers.ts';
import { createItem, createRental, createUser, insertCategories } from '../../test/factories.ts';
import { queryRows, type Db } from '../../db/database.ts';
import {
  calendarBlockedDays,
  calendarSources,
  claimPhotos,
  depositHolds,
  handoverNotes,
  handoverPhotos,
  rentalClaims,
  rentalExtensions,
} from '../../db/schema.ts';

/**
 * 'Download my data' with the records of later features: calendar sources, the member's own side of
 * handovers, deposits and claims, extensions and requests. Each appears for the member; nothing of a
 * rental they are not party to, nor the other party's side or identity. 'Delete my account' removes
 * the member's calendar sources at once.
 */
let ctx: TestContext;
let db: Db;
const mailer = createMemoryMailer();
const today = todayInLondon();
const d = (n: number) => addDays(today, n);
let maya: { cookie: string; user: { id: string } };
let otto: { id: string };
let third: { id: string };
let mayaItem: { id: string; ownerId: string };
const ids = {
  mayaRents: '',
  ottoRents: '',
  ottoAndThird: '',
  mayaSource: '',
  mayaReturnPhoto: randomUUID(),
  mayaPickupPhoto: randomUUID(),
  ottoPickupPhoto: randomUUID(),
  ottoReturnPhoto: randomUUID(),
  thirdPhoto: randomUUID(),
  mayaClaimPhoto: randomUUID(),
  ottoClaimPhoto: randomUUID(),
  thirdClaimPhoto: randomUUID(),
};
/** Words and ids that must never be in Maya's export. */
const foreign = {
  ottoPickupNote: 'Otto pickup note: handed over clean',
  ottoReturnNote: 'Otto return note: mower came back fine',
  thirdNote: 'Third party return note',
  thirdClaim: 'Third party claim about a lost blade',
  ottoSource: 'https://calendar.example/otto-private.ics',
  ottoSourceError: 'Otto calendar answered 404',
};

const get = (url: string, cookie = maya.cookie) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const photo = (id: string, rentalId: string, side: 'pickup' | 'return', addedBy: string, minutes: number) => ({
  id,
  rentalId,
  side,
  addedBy,
  largeKey: `private/handover/${id}-large.webp`,
  thumbKey: `private/handover/${id}-thumb.webp`,
  width: 1200,
  height: 900,
  takenAt: new Date(Date.UTC(2026, 5, 1, 9, minutes)),
});
const claimPhoto = (id: string, claimId: string, addedBy: string) => ({
  id,
  claimId,
  addedBy,
  largeKey: `private/claims/${id}-large.webp`,
  thumbKey: `private/claims/${id}-thumb.webp`,
  width: 800,
  height: 600,
});

beforeAll(async () => {
  ctx = await createTestApp({ mailer });
  db = ctx.database.db;
  await insertCategories(db);
  maya = await createSignedInUser(ctx.app, mailer, 'maya-records@example.com', 'Maya Records');
  otto = await createUser(db, { name: 'Otto Other' });
  third = await createUser(db, { name: 'Third Party' });
  mayaItem = await createItem(db, maya.user.id, {
    name: 'Maya mower',
    bufferDays: 1,
    bookingMode: 'request',
    depositPence: 4000,
    weeklyRatePence: 5000,
  });
  const ottoItem = await createItem(db, otto.id, { name: 'Otto saw' });

  // Maya rents Otto's saw (returned, extended once); Otto rents Maya's mower (a request she accepted);
  // Otto and a third member have a rental of their own.
  ids.mayaRents = (await createRental(db, ottoItem, maya.user.id, -10, 3, { returned: true, returnedAt: new Date() })).id;
  ids.ottoRents = (
    await createRental(db, mayaItem, otto.id, -6, 2, {
      returned: true,
      returnedAt: new Date(),
      bufferDays: 1,
      requestStatus: 'accepted',
      requestExpiresAt: new Date(Date.UTC(2026, 5, 1)),
      requestAuthorizationId: 'auth-maya-request',
      requestAmountPence: 2200,
    })
  ).id;
  ids.ottoAndThird = (await createRental(db, ottoItem, third.id, -20, 2, { returned: true, returnedAt: new Date() })).id;

  await db.insert(handoverNotes).values([
    { rentalId: ids.mayaRents, side: 'pickup', note: foreign.ottoPickupNote, updatedAt: new Date() },
    { rentalId: ids.mayaRents, side: 'return', note: 'Maya return note: blade cleaned', updatedAt: new Date() },
    { rentalId: ids.ottoRents, side: 'pickup', note: 'Maya pickup note: full tank', updatedAt: new Date() },
    { rentalId: ids.ottoRents, side: 'return', note: foreign.ottoReturnNote, updatedAt: new Date() },
    { rentalId: ids.ottoAndThird, side: 'return', note: foreign.thirdNote, updatedAt: new Date() },
  ]);
  await db
    .insert(handoverPhotos)
    .values([
      photo(ids.ottoPickupPhoto, ids.mayaRents, 'pickup', otto.id, 1),
      photo(ids.mayaReturnPhoto, ids.mayaRents, 'return', maya.user.id, 2),
      photo(ids.mayaPickupPhoto, ids.ottoRents, 'pickup', maya.user.id, 3),
      photo(ids.ottoReturnPhoto, ids.ottoRents, 'return', otto.id, 4),
      photo(ids.thirdPhoto, ids.ottoAndThird, 'return', third.id, 5),
    ]);

  await db.insert(depositHolds).values([
    {
      rentalId: ids.mayaRents,
      renterId: maya.user.id,
      ownerId: otto.id,
      amountPence: 5000,
      provider: 'simulated',
      authorizationId: 'auth-deposit-maya',
      status: 'captured',
      capturedPence: 2000,
      settledAt: new Date(),
    },
    {
      rentalId: ids.ottoRents,
      renterId: otto.id,
      ownerId: maya.user.id,
      amountPence: 4000,
      provider: 'simulated',
      authorizationId: 'auth-deposit-otto',
      status: 'released',
      capturedPence: 0,
      settledAt: new Date(),
    },
    {
      rentalId: ids.ottoAndThird,
      renterId: third.id,
      ownerId: otto.id,
      amountPence: 7700,
      provider: 'simulated',
      authorizationId: 'auth-deposit-third',
    },
  ]);
  const [ottoClaim, mayaClaim, thirdClaim] = await db
    .insert(rentalClaims)
    .values([
      {
        rentalId: ids.mayaRents,
        byUserId: otto.id,
        byRole: 'owner',
        kind: 'damaged',
        amountPence: 2000,
        note: 'The blade guard is cracked',
        status: 'accepted',
        reply: 'Fair, it slipped',
        acceptedAt: new Date(),
      },
      {
        rentalId: ids.ottoRents,
        byUserId: maya.user.id,
        byRole: 'owner',
        kind: 'returned_late',
        amountPence: 1500,
        note: 'Back a day late',
        status: 'disputed',
        reply: 'It was on time',
        disputedAt: new Date(),
      },
      {
        rentalId: ids.ottoAndThird,
        byUserId: otto.id,
        byRole: 'owner',
        kind: 'missing_parts',
        amountPence: 3300,
        note: foreign.thirdClaim,
      },
    ])
    .returning({ id: rentalClaims.id });
  await db
    .insert(claimPhotos)
    .values([
      claimPhoto(ids.ottoClaimPhoto, ottoClaim!.id, otto.id),
      claimPhoto(ids.mayaClaimPhoto, mayaClaim!.id, maya.user.id),
      claimPhoto(ids.thirdClaimPhoto, thirdClaim!.id, otto.id),
    ]);
  await db.insert(rentalExtensions).values([
    {
      rentalId: ids.mayaRents,
      fromEndDate: d(-8),
      toEndDate: d(-7),
      linePence: 1000,
      feePence: 100,
      paidWith: 'card',
      authorizationId: 'auth-extension-maya',
      status: 'paid',
    },
    {
      rentalId: ids.ottoAndThird,
      fromEndDate: d(-19),
      toEndDate: d(-17),
      linePence: 2600,
      feePence: 260,
      paidWith: 'balance',
      status: 'paid',
    },
  ]);

  const [mayaSource] = await db
    .insert(calendarSources)
    .values({
      ownerId: maya.user.id,
      itemId: mayaItem.id,
      url: 'https://calendar.example/maya.ics',
      lastFetchedAt: new Date(),
      lastError: 'The calendar answered 500',
      busyRanges: [{ startDate: d(30), endDate: d(31) }],
    })
    .returning({ id: calendarSources.id });
  ids.mayaSource = mayaSource!.id;
  await db.insert(calendarBlockedDays).values({ sourceId: ids.mayaSource, itemId: mayaItem.id, startDate: d(30), endDate: d(31) });
  await db
    .insert(calendarSources)
    .values({ ownerId: otto.id, itemId: ottoItem.id, url: foreign.ottoSource, lastError: foreign.ottoSourceError });
});
afterAll(async () => ctx?.close());

describe('download my data: calendars, handovers, deposits, claims, extensions and requests', () => {
  it("holds each of the member's records and nothing of a rental they are not party to", async () => {
    const res = await get('/api/me/export');
    expect(res.statusCode).toBe(200);
    const data = res.json();

    expect(data.calendarSources).toEqual([
      expect.objectContaining({
        id: ids.mayaSource,
        url: 'https://calendar.example/maya.ics',
        item_id: mayaItem.id,
        item_name: 'Maya mower',
        last_error: 'The calendar answered 500',
        busy_ranges: [{ startDate: d(30), endDate: d(31) }],
      }),
    ]);
    expect(data.calendarSources[0].last_fetched_at).not.toBeNull();

    // Her own side only: her return note and photo as the renter, her pick-up note and photo as the owner.
    expect(data.handoverNotes.map((n: { rental_id: string; side: string; note: string }) => [n.rental_id, n.side, n.note]).sort()).toEqual(
      [
        [ids.mayaRents, 'return', 'Maya return note: blade cleaned'],
        [ids.ottoRents, 'pickup', 'Maya pickup note: full tank'],
      ].sort(),
    );
    expect(data.handoverPhotos).toEqual([
      expect.objectContaining({ id: ids.mayaReturnPhoto, rental_id: ids.mayaRents, side: 'return', width: 1200, height: 900 }),
      expect.objectContaining({ id: ids.mayaPickupPhoto, rental_id: ids.ottoRents, side: 'pickup' }),
    ]);
    expect(data.handoverPhotos[0].taken_at).toBeTruthy();

    expect(
      data.depositHolds.map((h: Record<string, unknown>) => [h.rental_id, h.my_role, h.amount_pence, h.status, h.captured_pence]).sort(),
    ).toEqual(
      [
        [ids.mayaRents, 'renter', 5000, 'captured', 2000],
        [ids.ottoRents, 'owner', 4000, 'released', 0],
      ].sort(),
    );
    expect(
      data.claims
        .map((c: Record<string, unknown>) => [c.rental_id, c.my_role, c.reported_by_me, c.kind, c.amount_pence, c.status, c.note, c.reply])
        .sort(),
    ).toEqual(
      [
        [ids.mayaRents, 'renter', false, 'damaged', 2000, 'accepted', 'The blade guard is cracked', 'Fair, it slipped'],
        [ids.ottoRents, 'owner', true, 'returned_late', 1500, 'disputed', 'Back a day late', 'It was on time'],
      ].sort(),
    );
    expect(data.claimPhotos.map((p: { id: string }) => p.id)).toEqual([ids.mayaClaimPhoto]);

    expect(data.rentalExtensions).toEqual([
      expect.objectContaining({
        rental_id: ids.mayaRents,
        my_role: 'renter',
        from_end_date: d(-8),
        to_end_date: d(-7),
        line_pence: 1000,
        fee_pence: 100,
        paid_with: 'card',
        status: 'paid',
        // Only a pending extension has an expiry.
        expires_at: null,
      }),
    ]);
    // The request Maya answered, on the booking of her item; her item's terms.
    expect(data.bookingsOfMyItems).toEqual([
      expect.objectContaining({ id: ids.ottoRents, request_status: 'accepted', request_amount_pence: 2200, buffer_days: 1 }),
    ]);
    expect(data.rentalsAsRenter).toEqual([expect.objectContaining({ id: ids.mayaRents, request_status: null, held_end_date: null })]);
    expect(data.items).toEqual([
      expect.objectContaining({
        name: 'Maya mower',
        booking_mode: 'request',
        buffer_days: 1,
        deposit_pence: 4000,
        weekly_rate_pence: 5000,
        require_verified_phone: false,
        min_completed_rentals: 0,
      }),
    ]);

    const text = res.body;
    for (const secret of [
      otto.id,
      third.id,
      ids.ottoAndThird,
      ids.ottoPickupPhoto,
      ids.ottoReturnPhoto,
      ids.thirdPhoto,
      ids.ottoClaimPhoto,
      ids.thirdClaimPhoto,
      'private/',
      'auth-',
      'Otto Other',
      'Third Party',
      ...Object.values(foreign),
    ]) {
      expect(text, secret).not.toContain(secret);
    }
  });
});

describe('delete my account: calendar sources', () => {
  it("removes the member's calendar sources and the days they blocked at once, and leaves another member's", async () => {
    const blockedOf = (itemId: string) =>
      queryRows<{ booked: string }>(db, sql`select booked::text as booked from items where id = ${itemId}`);
    expect((await blockedOf(mayaItem.id))[0]!.booked).toContain(d(30));

    const res = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/me',
      payload: { password: 'a sturdy wheelbarrow' },
      headers: { cookie: maya.cookie, origin: ORIGIN },
    });
    expect(res.statusCode, res.body).toBe(204);

    expect(await queryRows(db, sql`select id from calendar_sources where owner_id = ${maya.user.id}`)).toEqual([]);
    expect(await queryRows(db, sql`select id from calendar_blocked_days where source_id = ${ids.mayaSource}`)).toEqual([]);
    expect((await blockedOf(mayaItem.id))[0]!.booked).not.toContain(d(30));
    expect(await queryRows(db, sql`select url from calendar_sources where owner_id = ${otto.id}`)).toEqual([{ url: foreign.ottoSource }]);
  });
});
