import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, savedItems } from '../db/schema.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { createMemoryMailer } from '../test/memory-mailer.ts';
import { createSignedInUser } from '../test/auth-helpers.ts';
import { createItem, createRental, createUser, insertCategories } from '../test/factories.ts';

interface Page {
  page: number;
  pageSize: number;
  total: number;
  rentals?: { id: string }[];
  items?: { id?: string; itemId?: string }[];
  entries?: { groupKey: string }[];
}

let ctx: TestContext;
const mailer = createMemoryMailer();
let cookie: string;
let otherCookie: string;

const get = async (url: string, as = cookie) => {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie: as } });
  return { status: res.statusCode, body: res.json<Page & { error?: { field?: string; message: string } }>() };
};
const ids = (page: Page) =>
  (page.rentals ?? page.items ?? []).map((r) => ('id' in r ? r.id : r.itemId)).concat((page.entries ?? []).map((e) => e.groupKey));

beforeAll(async () => {
  ctx = await createTestApp({ mailer });
  const db = ctx.database.db;
  await insertCategories(db);
  const maya = await createSignedInUser(ctx.app, mailer, 'maya-pages@example.com');
  cookie = maya.cookie;
  otherCookie = (await createSignedInUser(ctx.app, mailer, 'nobody-pages@example.com', 'Nia Nobody')).cookie;
  const otto = await createUser(db);
  const ottosDrill = await createItem(db, otto.id, { name: "Otto's drill" });
  // Maya rents Otto's drill five times, and lends her own five items to Otto three times.
  for (let i = 0; i < 5; i++) await createRental(db, ottosDrill, maya.user.id, 10 * i + 1, 2);
  const mine = [];
  for (let i = 0; i < 5; i++) mine.push(await createItem(db, maya.user.id, { name: `Maya's tool ${i}` }));
  for (let i = 0; i < 3; i++) await createRental(db, { id: mine[i]!.id, ownerId: maya.user.id }, otto.id, 5 * i + 2, 1);
  // Maya saves five of Otto's items.
  for (let i = 0; i < 5; i++) {
    const tool = await createItem(db, otto.id, { name: `Otto's tool ${i}` });
    await db.insert(savedItems).values({ userId: maya.user.id, itemId: tool.id, createdAt: new Date(Date.UTC(2026, 9, 1 + i)) });
  }
  // A notification about each of her items: five entries on the items tab.
  for (const [i, item] of mine.entries()) {
    await db.insert(notifications).values({
      userId: maya.user.id,
      kind: 'message',
      title: `About tool ${i}`,
      tab: 'items',
      groupKey: `item:${item.id}`,
      itemId: item.id,
      createdAt: new Date(Date.UTC(2026, 10, 1 + i)),
    });
  }
});
afterAll(async () => ctx?.close());

describe.each([
  ['/api/me/rentals', 5],
  ['/api/me/lent-rentals', 3],
  ['/api/me/items', 5],
  ['/api/me/saved', 5],
  ['/api/notifications?tab=items', 5],
])('%s, a page at a time', (path, count) => {
  const join = path.includes('?') ? '&' : '?';

  it(`answers the whole list of ${count} in one default page of 50, with the paging`, async () => {
    const { status, body } = await get(path);
    expect(status).toBe(200);
    expect(body).toMatchObject({ page: 1, pageSize: 50, total: count });
    expect(ids(body)).toHaveLength(count);
  });

  it('pages through the same list in the same order, without repeats or gaps', async () => {
    const whole = ids((await get(path)).body);
    const pages = [];
    for (let page = 1; page <= Math.ceil(count / 2); page++) {
      const { body } = await get(`${path}${join}page=${page}&pageSize=2`);
      expect(body).toMatchObject({ page, pageSize: 2, total: count });
      pages.push(...ids(body));
    }
    expect(pages).toEqual(whole);
    const beyond = (await get(`${path}${join}page=${Math.ceil(count / 2) + 1}&pageSize=2`)).body;
    expect(ids(beyond)).toEqual([]);
    expect(beyond.total).toBe(count);
  });

  it.each([
    ['pageSize=101', 'pageSize', 'Page size must be a whole number from 1 to 100'],
    ['pageSize=0', 'pageSize', 'Page size must be a whole number from 1 to 100'],
    ['page=two', 'page', 'Page must be a whole number from 1 to 10000'],
  ])('refuses %s with a clear message', async (query, field, message) => {
    const { status, body } = await get(`${path}${join}${query}`);
    expect(status).toBe(400);
    expect(body.error).toEqual({ code: 'VALIDATION', field, message });
  });

  it("shows another member none of this member's list", async () => {
    const { status, body } = await get(path, otherCookie);
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: 0 });
    expect(ids(body)).toEqual([]);
  });
});
