import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, TEST_CARDS, todayInLondon } from '@toolshed/core';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, ORIGIN, post } from '../../test/auth-helpers.ts';
import { createItem, insertCategories } from '../../test/factories.ts';

let ctx: TestContext;
const mailer = createMemoryMailer();
// London noon, so the calendar date is the same everywhere in the test.
let clock = new Date('2026-07-01T11:00:00Z');
const today = () => todayInLondon(clock);
const d = (n: number) => addDays(today(), n);
let owner: { cookie: string; user: { id: string } };
let renter: { cookie: string; user: { id: string } };
let mower: { id: string };

const setVacation = (until: string) =>
  ctx.app.inject({ method: 'PUT', url: '/api/me/vacation', payload: { until }, headers: { cookie: owner.cookie, origin: ORIGIN } });
const browse = async (start: string, end: string) =>
  (
    (await ctx.app.inject({ method: 'GET', url: `/api/categories/all/items?startDate=${start}&endDate=${end}` })).json().items as Array<{
      id: string;
    }>
  ).map((i) => i.id);
const detail = async () => (await ctx.app.inject({ method: 'GET', url: `/api/items/${mower.id}` })).json();
const checkout = (startDate: string, endDate: string) =>
  post(
    ctx.app,
    '/api/checkout',
    {
      lines: [{ itemId: mower.id, startDate, endDate }],
      card: { number: TEST_CARDS.success, expiry: '12/30', cvv: '123', name: 'Rita Renter' },
      idempotencyKey: randomUUID(),
    },
    { cookie: renter.cookie },
  );

beforeAll(async () => {
  ctx = await createTestApp({ mailer, now: () => clock });
  await insertCategories(ctx.database.db);
  owner = await createSignedInUser(ctx.app, mailer, 'olive@example.com', 'Olive Owner');
  renter = await createSignedInUser(ctx.app, mailer, 'rita@example.com', 'Rita Renter');
  await ctx.app.inject({
    method: 'PUT',
    url: '/api/me/address',
    payload: { line: '1 Mill Lane', city: 'Leeds', postcode: 'LS1 4AP' },
    headers: { cookie: renter.cookie, origin: ORIGIN },
  });
  mower = await createItem(ctx.database.db, owner.user.id, { name: 'Lawn mower', minDays: 1, maxDays: 7 });
});
afterAll(async () => ctx?.close());

describe('vacation mode', () => {
  it('refuses an end date in the past or too far ahead', async () => {
    expect((await setVacation(d(-1))).json().error.message).toBe('The end date cannot be in the past.');
    expect((await setVacation('2026-02-30')).statusCode).toBe(400);
    expect((await setVacation(d(400))).statusCode).toBe(400);
  });

  it('blocks browse, the popup and checkout for days up to the end date', async () => {
    // Looked at first, so a cached answer exists that switching vacation on must drop.
    expect(await browse(d(2), d(3))).toContain(mower.id);
    expect((await detail()).ownerAwayUntil).toBeNull();

    const on = await setVacation(d(5));
    expect(on.statusCode).toBe(200);
    expect(on.json().vacationUntil).toBe(d(5));

    expect(await browse(d(2), d(3))).not.toContain(mower.id);
    expect(await browse(d(5), d(6))).not.toContain(mower.id);
    expect(await browse(d(6), d(7))).toContain(mower.id);
    // Without dates the item is still listed: only booking those days is blocked.
    const all = (await ctx.app.inject({ method: 'GET', url: '/api/categories/all/items' })).json().items.map((i: { id: string }) => i.id);
    expect(all).toContain(mower.id);
    // Narrowed by a word and a price but not by dates, too (the same statement as with dates).
    const found = await ctx.app.inject({ method: 'GET', url: '/api/categories/all/items?search=mower&maxPrice=100' });
    expect(found.json().items.map((i: { id: string }) => i.id)).toContain(mower.id);

    expect((await detail()).ownerAwayUntil).toBe(d(5));

    const refused = await checkout(d(3), d(4));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error.message).toMatch(/^Lawn mower: the owner is away until \d+ Jul 2026\.$/);
    expect((await checkout(d(5), d(6))).statusCode).toBe(400);
    expect((await checkout(d(6), d(7))).statusCode).toBe(201);
  });

  it('ends by itself after the end date', async () => {
    clock = new Date(clock.getTime() + 6 * 86_400_000);
    // The end date (set to 'five days from then') is now yesterday.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: owner.cookie } })).json().vacationUntil).toBeNull();
    expect((await detail()).ownerAwayUntil).toBeNull();
    expect(await browse(d(8), d(9))).toContain(mower.id);
  });

  it('can be switched off', async () => {
    await setVacation(d(3));
    expect(await browse(d(2), d(3))).not.toContain(mower.id);
    const off = await ctx.app.inject({ method: 'DELETE', url: '/api/me/vacation', headers: { cookie: owner.cookie, origin: ORIGIN } });
    expect(off.json().vacationUntil).toBeNull();
    expect(await browse(d(2), d(3))).toContain(mower.id);
  });
});
