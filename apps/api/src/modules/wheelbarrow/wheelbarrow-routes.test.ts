import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInLondon } from '@toolshed/core';
import type { SavedWheelbarrow } from '@toolshed/core/contract';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, ORIGIN } from '../../test/auth-helpers.ts';
import { addImage, createItem, createUser, insertCategories } from '../../test/factories.ts';

let ctx: TestContext;
const mailer = createMemoryMailer();
const d = (n: number) => addDays(todayInLondon(), n);
let maya: { cookie: string };
let sam: { cookie: string };
let drill: { id: string };
let saw: { id: string };

beforeAll(async () => {
  ctx = await createTestApp({ mailer });
  await insertCategories(ctx.database.db);
  maya = await createSignedInUser(ctx.app, mailer, 'maya@example.com', 'Maya Patel');
  sam = await createSignedInUser(ctx.app, mailer, 'sam@example.com', 'Sam Lee');
  const owner = await createUser(ctx.database.db, { name: 'Olive Owner' });
  drill = await createItem(ctx.database.db, owner.id, { name: 'Cordless Drill', dailyRatePence: 1250 });
  saw = await createItem(ctx.database.db, owner.id, { name: 'Circular Saw', dailyRatePence: 999 });
  await addImage(ctx.database.db, drill.id, 0);
});
afterAll(async () => ctx?.close());

const get = (cookie: string) => ctx.app.inject({ method: 'GET', url: '/api/me/wheelbarrow', headers: { cookie } });
const put = (cookie: string, lines: unknown) =>
  ctx.app.inject({ method: 'PUT', url: '/api/me/wheelbarrow', headers: { cookie, origin: ORIGIN }, payload: { lines } });

describe('/api/me/wheelbarrow', () => {
  it('keeps the lines of one account, in order, with name, price and thumbnail, for any device signed in to it', async () => {
    const saved = await put(maya.cookie, [
      { itemId: saw.id, startDate: d(5), endDate: d(6) },
      { itemId: drill.id, startDate: d(3), endDate: d(5) },
    ]);
    expect(saved.statusCode).toBe(200);
    // Another device: a new session of the same account.
    const elsewhere = await createSignedInUserSession('maya@example.com');
    const body = (await get(elsewhere)).json() as SavedWheelbarrow;
    expect(body.lines.map((l) => [l.name, l.startDate, l.endDate, l.days, l.dailyRatePence])).toEqual([
      ['Circular Saw', d(5), d(6), 2, 999],
      ['Cordless Drill', d(3), d(5), 3, 1250],
    ]);
    expect(body.lines[1]!.imageUrl).toMatch(/^\/media\//);
    expect(body.lines[0]!.imageUrl).toBeNull();
  });

  it("is each account's own", async () => {
    expect(((await get(sam.cookie)).json() as SavedWheelbarrow).lines).toEqual([]);
    await put(sam.cookie, [{ itemId: drill.id, startDate: d(10), endDate: d(10) }]);
    expect(((await get(maya.cookie)).json() as SavedWheelbarrow).lines).toHaveLength(2);
  });

  it('replaces the whole wheelbarrow, and an empty list empties it', async () => {
    await put(maya.cookie, [{ itemId: drill.id, startDate: d(7), endDate: d(8) }]);
    expect(((await get(maya.cookie)).json() as SavedWheelbarrow).lines.map((l) => l.startDate)).toEqual([d(7)]);
    await put(maya.cookie, []);
    expect(((await get(maya.cookie)).json() as SavedWheelbarrow).lines).toEqual([]);
  });

  it.each([
    [
      'an item twice',
      () => [
        { itemId: drill.id, startDate: d(1), endDate: d(2) },
        { itemId: drill.id, startDate: d(4), endDate: d(5) },
      ],
    ],
    ['an end before the start', () => [{ itemId: drill.id, startDate: d(4), endDate: d(2) }]],
    ['a date that does not exist', () => [{ itemId: drill.id, startDate: '2030-02-30', endDate: '2030-03-01' }]],
    ['more than 50 lines', () => Array.from({ length: 51 }, () => ({ itemId: drill.id, startDate: d(1), endDate: d(1) }))],
  ])('refuses %s and changes nothing', async (_case, lines) => {
    await put(maya.cookie, [{ itemId: saw.id, startDate: d(2), endDate: d(2) }]);
    const res = await put(maya.cookie, lines());
    expect(res.statusCode).toBe(400);
    expect(((await get(maya.cookie)).json() as SavedWheelbarrow).lines.map((l) => l.name)).toEqual(['Circular Saw']);
  });

  it('drops an item id that does not exist instead of failing the save', async () => {
    const res = await put(maya.cookie, [
      { itemId: '00000000-0000-4000-8000-000000000000', startDate: d(1), endDate: d(1) },
      { itemId: saw.id, startDate: d(2), endDate: d(2) },
    ]);
    expect((res.json() as SavedWheelbarrow).lines.map((l) => l.name)).toEqual(['Circular Saw']);
  });

  it('answers 401 to visitors', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me/wheelbarrow' })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'PUT', url: '/api/me/wheelbarrow', headers: { origin: ORIGIN }, payload: { lines: [] } })).statusCode,
    ).toBe(401);
  });
});

async function createSignedInUserSession(email: string): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: ORIGIN },
    payload: { email, password: 'a sturdy wheelbarrow' },
  });
  expect(res.statusCode).toBe(200);
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}
