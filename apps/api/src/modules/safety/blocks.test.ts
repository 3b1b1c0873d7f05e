import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInLondon } from '@toolshed/core';
import { queryRows } from '../../db/database.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, ORIGIN, post } from '../../test/auth-helpers.ts';
import { createItem, insertCategories } from '../../test/factories.ts';
import { TEST_CARD } from '../checkout/checkout-test-fixtures.ts';

let ctx: TestContext;
const mailer = createMemoryMailer();
type Person = { cookie: string; user: { id: string } };
let alice: Person;
let bob: Person;
let carol: Person;
let aliceItem: { id: string };
let bobItem: { id: string };
const d = (n: number) => addDays(todayInLondon(), n);

const block = (who: Person, memberId: string) => post(ctx.app, `/api/me/blocks/${memberId}`, {}, { cookie: who.cookie });
const unblock = (who: Person, memberId: string) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/me/blocks/${memberId}`, headers: { cookie: who.cookie, origin: ORIGIN } });
const blocksOf = async (who: Person) =>
  (
    (await ctx.app.inject({ method: 'GET', url: '/api/me/blocks', headers: { cookie: who.cookie } })).json() as {
      members: { id: string; name: string }[];
    }
  ).members;
const message = (who: Person, itemId: string, content: string, withId?: string) =>
  post(ctx.app, `/api/items/${itemId}/messages`, { content, ...(withId ? { with: withId } : {}) }, { cookie: who.cookie });
const addToWheelbarrow = (who: Person, itemId: string) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/me/wheelbarrow',
    headers: { cookie: who.cookie, origin: ORIGIN },
    payload: { lines: [{ itemId, startDate: d(3), endDate: d(4) }] },
  });
const checkout = (who: Person, itemId: string) =>
  post(
    ctx.app,
    '/api/checkout',
    { lines: [{ itemId, startDate: d(10), endDate: d(11) }], card: TEST_CARD, idempotencyKey: randomUUID() },
    { cookie: who.cookie },
  );
const browseNames = async (who?: Person, url = '/api/categories/all/items?pageSize=100') =>
  (
    (await ctx.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} })).json() as { items: { name: string }[] }
  ).items.map((i) => i.name);
const paymentsOf = async (who: Person) =>
  (await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from payments where renter_id = ${who.user.id}`))[0]!.n;

beforeAll(async () => {
  ctx = await createTestApp({ mailer });
  await insertCategories(ctx.database.db);
  alice = await createSignedInUser(ctx.app, mailer, 'alice@example.com', 'Alice Adams');
  bob = await createSignedInUser(ctx.app, mailer, 'bob@example.com', 'Bob Brown');
  carol = await createSignedInUser(ctx.app, mailer, 'carol@example.com', 'Carol Clark');
  for (const who of [alice, bob])
    await ctx.database.db.execute(
      sql`update users set address_line = '1 Mill Lane', address_city = 'Leeds', address_postcode = 'LS1 4AP' where id = ${who.user.id}`,
    );
  aliceItem = await createItem(ctx.database.db, alice.user.id, { name: "Alice's hedge trimmer" });
  bobItem = await createItem(ctx.database.db, bob.user.id, { name: "Bob's cement mixer" });
  // A conversation each way before the block: each asked about the other's item.
  expect((await message(alice, bobItem.id, 'Is the mixer free next week?')).statusCode).toBe(201);
  expect((await message(bob, aliceItem.id, 'Is the trimmer petrol?')).statusCode).toBe(201);
});
afterAll(async () => ctx?.close());

describe('blocking a member', () => {
  it('refuses blocking yourself and members who do not exist, and needs a session', async () => {
    const self = await block(alice, alice.user.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe("You can't block yourself.");
    expect((await block(alice, 'no-such-member')).statusCode).toBe(404);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: `/api/me/blocks/${bob.user.id}`,
      headers: { origin: ORIGIN },
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await blocksOf(alice)).toEqual([]);
  });

  it('lists the block to the blocker only: the blocked member is never told', async () => {
    // Browsed before the block (kept for a while per session), then blocked: see the test on browsing below.
    expect(await browseNames(alice)).toContain("Bob's cement mixer");
    expect(await browseNames(bob)).toContain("Alice's hedge trimmer");
    const res = await block(bob, alice.user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ memberId: alice.user.id, blocked: true });
    expect((await block(bob, alice.user.id)).statusCode).toBe(200);
    expect((await blocksOf(bob)).map((m) => m.name)).toEqual(['Alice Adams']);
    expect(await blocksOf(alice)).toEqual([]);
    // One member's state, one way only; the list a page at a time.
    const lookup = (who: Person, memberId: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/me/blocks/${memberId}`, headers: { cookie: who.cookie } });
    expect((await lookup(bob, alice.user.id)).json()).toEqual({ memberId: alice.user.id, blocked: true });
    expect((await lookup(alice, bob.user.id)).json()).toEqual({ memberId: bob.user.id, blocked: false });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/me/blocks/${alice.user.id}` })).statusCode).toBe(401);
    const paged = await ctx.app.inject({ method: 'GET', url: '/api/me/blocks?page=2&pageSize=1', headers: { cookie: bob.cookie } });
    expect(paged.json()).toMatchObject({ members: [], total: 1, page: 2, pageSize: 1 });
    // Only the blocker can lift it.
    expect((await unblock(alice, bob.user.id)).statusCode).toBe(404);
  });

  it('refuses messages both ways, in existing conversations too, without saying who blocked whom', async () => {
    for (const [who, itemId, withId] of [
      [alice, bobItem.id, undefined],
      [bob, bobItem.id, alice.user.id],
      [bob, aliceItem.id, undefined],
      [alice, aliceItem.id, bob.user.id],
    ] as const) {
      const res = await message(who, itemId, 'Hello again', withId);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe("You can't message this member.");
    }
    const [stored] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from messages where body = 'Hello again'`,
    );
    expect(stored!.n).toBe(0);
    // Others are not affected.
    expect((await message(carol, bobItem.id, 'Hello again')).statusCode).toBe(201);
  });

  it("refuses adding the other's items to the wheelbarrow, both ways", async () => {
    for (const [who, itemId] of [
      [alice, bobItem.id],
      [bob, aliceItem.id],
    ] as const) {
      const res = await addToWheelbarrow(who, itemId);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe("You can't book this member's items.");
    }
    expect((await addToWheelbarrow(carol, bobItem.id)).statusCode).toBe(200);
  });

  it("refuses checking out the other's items before anything is charged, both ways", async () => {
    for (const [who, itemId] of [
      [alice, bobItem.id],
      [bob, aliceItem.id],
    ] as const) {
      const res = await checkout(who, itemId);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe("You can't book this member's items.");
      expect(await paymentsOf(who)).toBe(0);
    }
  });

  it("hides each one's listings from the other in browse, search and the owner page; others still see them", async () => {
    expect(await browseNames(alice)).not.toContain("Bob's cement mixer");
    expect(await browseNames(alice)).toContain("Alice's hedge trimmer");
    expect(await browseNames(bob)).not.toContain("Alice's hedge trimmer");
    expect(await browseNames(alice, '/api/categories/all/items?search=cement%20mixer')).toEqual([]);
    expect(await browseNames(bob, `/api/owners/${alice.user.id}/items`)).toEqual([]);
    expect(await browseNames(alice, `/api/owners/${bob.user.id}/items`)).toEqual([]);
    expect(await browseNames(carol)).toEqual(expect.arrayContaining(["Alice's hedge trimmer", "Bob's cement mixer"]));
    expect(await browseNames(undefined)).toEqual(expect.arrayContaining(["Alice's hedge trimmer", "Bob's cement mixer"]));
    const total = (await ctx.app.inject({ method: 'GET', url: '/api/categories/all/items', headers: { cookie: alice.cookie } })).json()
      .total;
    expect(total).toBe(1 + 0);
  });

  it("does not open the other's item by direct link (404, as for no such item), nor list it as saved; others and the owner still can", async () => {
    const open = (who: Person | undefined, itemId: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/items/${itemId}`, headers: who ? { cookie: who.cookie } : {} });
    for (const [who, itemId] of [
      [alice, bobItem.id],
      [bob, aliceItem.id],
    ] as const) {
      const res = await open(who, itemId);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Item not found');
    }
    expect((await open(carol, bobItem.id)).statusCode).toBe(200);
    expect((await open(undefined, bobItem.id)).statusCode).toBe(200);
    const own = await open(bob, bobItem.id);
    expect(own.statusCode).toBe(200);
    expect(own.json().location.address).not.toBeNull();
    // Carol saved both before; Alice had saved Bob's mixer before she blocked him: it shows as no longer listed.
    await ctx.database.db.execute(sql`insert into saved_items (user_id, item_id) values (${alice.user.id}, ${bobItem.id})`);
    const saved = (await ctx.app.inject({ method: 'GET', url: '/api/me/saved', headers: { cookie: alice.cookie } })).json() as {
      items: { itemId: string; listed: boolean }[];
    };
    expect(saved.items.find((i) => i.itemId === bobItem.id)).toMatchObject({ listed: false });
  });

  it("flags the other's items in the wheelbarrow check, so the wheelbarrow says so before checkout", async () => {
    const lines = [{ itemId: bobItem.id, startDate: d(20), endDate: d(21) }];
    const res = await post(ctx.app, '/api/wheelbarrow/check', { lines }, { cookie: alice.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      lines: [{ itemId: bobItem.id, state: 'invalid', message: "You can't book this member's items." }],
      subtotalPence: 0,
      totalPence: 0,
    });
    // Carol's check of the same line is as usual.
    const carols = (await post(ctx.app, '/api/wheelbarrow/check', { lines }, { cookie: carol.cookie })).json();
    expect(carols).toMatchObject({ lines: [{ state: 'ok' }], subtotalPence: 2000 });
  });

  it('is lifted by unblocking: messages, bookings and listings come back', async () => {
    expect((await unblock(bob, alice.user.id)).statusCode).toBe(204);
    expect((await unblock(bob, alice.user.id)).statusCode).toBe(404);
    expect(await blocksOf(bob)).toEqual([]);
    expect((await message(alice, bobItem.id, 'Sorry about that')).statusCode).toBe(201);
    expect((await message(bob, bobItem.id, 'No problem', alice.user.id)).statusCode).toBe(201);
    expect((await addToWheelbarrow(alice, bobItem.id)).statusCode).toBe(200);
    expect((await checkout(bob, aliceItem.id)).statusCode).toBe(201);
    expect(await browseNames(alice)).toContain("Bob's cement mixer");
    expect(await browseNames(bob, `/api/owners/${alice.user.id}/items`)).toEqual(["Alice's hedge trimmer"]);
  });
});

describe('a request to book between members who then block one another', () => {
  it('cannot be accepted by the owner, and can still be declined', async () => {
    const owner = await createSignedInUser(ctx.app, mailer, 'dave@example.com', 'Dave Davies');
    const renter = await createSignedInUser(ctx.app, mailer, 'erin@example.com', 'Erin Evans');
    await ctx.database.db.execute(
      sql`update users set address_line = '2 Mill Lane', address_city = 'Leeds', address_postcode = 'LS1 4AP' where id = ${renter.user.id}`,
    );
    const item = await createItem(ctx.database.db, owner.user.id, { name: "Dave's log splitter", bookingMode: 'request' });
    expect((await checkout(renter, item.id)).statusCode).toBe(201);
    const [rental] = await queryRows<{ id: string }>(ctx.database.db, sql`select id from rentals where item_id = ${item.id}`);
    // The renter blocks the owner: the owner is not told, and cannot accept.
    expect((await block(renter, owner.user.id)).statusCode).toBe(200);
    const accept = await post(ctx.app, `/api/rentals/${rental!.id}/accept`, {}, { cookie: owner.cookie });
    expect(accept.statusCode).toBe(403);
    expect(accept.json().error.message).toBe("You can't accept this member's request. You can decline it.");
    const statusOf = async () =>
      (await queryRows<{ status: string }>(ctx.database.db, sql`select request_status as status from rentals where id = ${rental!.id}`))[0]!
        .status;
    expect(await statusOf()).toBe('pending');
    const decline = await post(
      ctx.app,
      `/api/rentals/${rental!.id}/decline`,
      { reason: 'Not available after all' },
      { cookie: owner.cookie },
    );
    expect(decline.statusCode).toBe(204);
    expect(await statusOf()).toBe('declined');
  });
});
