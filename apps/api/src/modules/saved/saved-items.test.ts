import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  addDays,
  MAX_SAVED_ITEMS,
  NOT_SAVED_MESSAGE,
  SAVE_OWN_ITEM_MESSAGE,
  SAVE_UNLISTED_MESSAGE,
  SAVED_LIMIT_MESSAGE,
  todayInLondon,
} from '@toolshed/core';
import type { OwnerItemsPage, SavedItemIds, SavedItemsPage } from '@toolshed/core/contract';
import { items, savedItems } from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser, ORIGIN } from '../../test/auth-helpers.ts';
import { addImage, createItem, createRental, createUser, insertCategories } from '../../test/factories.ts';

let ctx: TestContext;
const mailer = createMemoryMailer();
const d = (n: number) => addDays(todayInLondon(), n);
type Member = { cookie: string; user: { id: string } };
let olive: Member;
let maya: Member;
let sam: Member;
let drill: { id: string; ownerId: string };
let saw: { id: string; ownerId: string };
let ladder: { id: string; ownerId: string };

beforeAll(async () => {
  ctx = await createTestApp({ mailer });
  const db = ctx.database.db;
  await insertCategories(db);
  olive = await createSignedInUser(ctx.app, mailer, 'olive-saved@example.com', 'Olive Owner');
  maya = await createSignedInUser(ctx.app, mailer, 'maya-saved@example.com', 'Maya Patel');
  sam = await createSignedInUser(ctx.app, mailer, 'sam-saved@example.com', 'Sam Lee');
  drill = await createItem(db, olive.user.id, { name: 'Cordless drill', dailyRatePence: 1250 });
  saw = await createItem(db, olive.user.id, { name: 'Circular saw', dailyRatePence: 999 });
  ladder = await createItem(db, olive.user.id, { name: 'Step ladder', dailyRatePence: 500 });
  await addImage(db, drill.id, 0);
});
afterAll(async () => ctx?.close());

const save = (who: Member, itemId: string) =>
  ctx.app.inject({ method: 'PUT', url: `/api/me/saved/${itemId}`, headers: { cookie: who.cookie, origin: ORIGIN } });
const unsave = (who: Member, itemId: string) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/me/saved/${itemId}`, headers: { cookie: who.cookie, origin: ORIGIN } });
const list = async (who: Member, query = '') => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/me/saved${query}`, headers: { cookie: who.cookie } });
  return { status: res.statusCode, body: res.json<SavedItemsPage & { error?: { field?: string; message: string } }>() };
};
const savedIds = async (who: Member) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/me/saved/ids', headers: { cookie: who.cookie } })).json<SavedItemIds>().itemIds;
const names = (page: SavedItemsPage) => page.items.map((i) => i.name);

describe('saving an item', () => {
  it('saves it once however often it is asked, and lists the last saved first with price and photo', async () => {
    const first = await save(maya, drill.id);
    expect(first.statusCode).toBe(200);
    const again = await save(maya, drill.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await save(maya, saw.id)).statusCode).toBe(200);

    const { status, body } = await list(maya);
    expect(status).toBe(200);
    expect(body).toMatchObject({ page: 1, pageSize: 50, total: 2 });
    expect(names(body)).toEqual(['Circular saw', 'Cordless drill']);
    const shown = body.items[1]!;
    expect(shown).toMatchObject({ itemId: drill.id, listed: true, dailyRatePence: 1250, city: 'Leeds', availability: null });
    expect(shown.imageUrl).toMatch(/^\/media\/items\//);
    expect(await savedIds(maya)).toEqual([saw.id, drill.id]);
  });

  it('removes it, and a second removal says it is not saved', async () => {
    expect((await save(maya, ladder.id)).statusCode).toBe(200);
    const removed = await unsave(maya, ladder.id);
    expect(removed.statusCode).toBe(204);
    expect(await savedIds(maya)).not.toContain(ladder.id);
    const twice = await unsave(maya, ladder.id);
    expect(twice.statusCode).toBe(404);
    expect(twice.json()).toEqual({ error: { code: 'NOT_FOUND', message: NOT_SAVED_MESSAGE } });
  });

  it("refuses the owner's own item with a clear message, and saves nothing", async () => {
    const res = await save(olive, drill.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'VALIDATION', message: SAVE_OWN_ITEM_MESSAGE } });
    expect((await list(olive)).body.total).toBe(0);
  });

  it('answers 404 for an item that does not exist or is not an id', async () => {
    expect((await save(maya, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await save(maya, 'not-an-id')).statusCode).toBe(404);
    expect((await unsave(maya, 'not-an-id')).statusCode).toBe(404);
  });

  it('refuses to save an unlisted item', async () => {
    const hidden = await createItem(ctx.database.db, olive.user.id, { name: 'Hidden sander', available: false });
    const res = await save(maya, hidden.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'CONFLICT', message: SAVE_UNLISTED_MESSAGE } });
    expect(await savedIds(maya)).not.toContain(hidden.id);
  });
});

describe("a member's saves are theirs alone", () => {
  it("shows another member none of them, and another member's removal does not touch them", async () => {
    const { body } = await list(sam);
    expect(body).toMatchObject({ total: 0, items: [] });
    expect(await savedIds(sam)).toEqual([]);
    const res = await unsave(sam, drill.id);
    expect(res.statusCode).toBe(404);
    expect(await savedIds(maya)).toContain(drill.id);
  });

  it('needs a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/me/saved'],
      ['GET', '/api/me/saved/ids'],
      ['PUT', `/api/me/saved/${drill.id}`],
      ['DELETE', `/api/me/saved/${drill.id}`],
    ] as const) {
      const res = await ctx.app.inject({ method, url, headers: { origin: ORIGIN } });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('whether a saved item is free on the dates chosen', () => {
  it('answers as checkout would: booked dates are not free, others are', async () => {
    const kim = await createSignedInUser(ctx.app, mailer, 'kim-saved@example.com', 'Kim Free');
    const mower = await createItem(ctx.database.db, olive.user.id, { name: 'Lawn mower' });
    const renter = await createUser(ctx.database.db);
    await createRental(ctx.database.db, mower, renter.id, 10, 3);
    await save(kim, mower.id);
    const booked = (await list(kim, `?startDate=${d(11)}&endDate=${d(11)}`)).body.items[0]!;
    expect(booked.availability).toEqual({ free: false, message: 'Someone has booked some of these dates. Please choose new dates.' });
    const free = (await list(kim, `?startDate=${d(20)}&endDate=${d(21)}`)).body.items[0]!;
    expect(free.availability).toEqual({ free: true, message: null });
    // A rule of the item itself: at most seven days.
    const tooLong = (await list(kim, `?startDate=${d(20)}&endDate=${d(29)}`)).body.items[0]!;
    expect(tooLong.availability?.free).toBe(false);
    expect(tooLong.availability?.message).toMatch(/7 days/);
  });

  it.each([
    [`?startDate=${d(3)}`, 'endDate', 'Choose both a start date and an end date.'],
    [`?endDate=${d(3)}`, 'startDate', 'Choose both a start date and an end date.'],
    [`?startDate=${d(5)}&endDate=${d(3)}`, 'endDate', 'The end date cannot be before the start date.'],
  ])('refuses %s with a clear message', async (query, field, message) => {
    const { status, body } = await list(maya, query);
    expect(status).toBe(400);
    expect(body.error).toEqual({ code: 'VALIDATION', field, message });
  });

  it('refuses a date that is not a date', async () => {
    const { status, body } = await list(maya, '?startDate=tomorrow&endDate=2030-01-01');
    expect(status).toBe(400);
    expect(body.error?.field).toBe('startDate');
  });

  it('gives the distance from a place when one is asked', async () => {
    const { body } = await list(maya, '?near=53.8,-1.55');
    for (const item of body.items) expect(item.distanceMiles).toBeLessThan(1);
    expect((await list(maya)).body.items[0]).not.toHaveProperty('distanceMiles');
  });
});

describe('an item deleted or unlisted after it was saved', () => {
  it('stays as a note without price or dates, never bookable, and can be removed', async () => {
    const ana = await createSignedInUser(ctx.app, mailer, 'ana-saved@example.com', 'Ana Gone');
    const planer = await createItem(ctx.database.db, olive.user.id, { name: 'Power planer' });
    const sander = await createItem(ctx.database.db, olive.user.id, { name: 'Belt sander' });
    await save(ana, planer.id);
    await save(ana, sander.id);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/items/${planer.id}`,
      headers: { cookie: olive.cookie, origin: ORIGIN },
    });
    expect(deleted.statusCode).toBe(204);
    await ctx.database.db.update(items).set({ available: false }).where(eq(items.id, sander.id));

    const { body } = await list(ana, `?startDate=${d(20)}&endDate=${d(21)}`);
    expect(body.items).toEqual([
      expect.objectContaining({
        itemId: sander.id,
        name: 'Belt sander',
        listed: false,
        dailyRatePence: null,
        imageUrl: null,
        availability: null,
      }),
      expect.objectContaining({
        itemId: planer.id,
        name: 'Power planer',
        listed: false,
        dailyRatePence: null,
        imageUrl: null,
        availability: null,
      }),
    ]);
    // Saving again what is already saved changes nothing, listed or not.
    expect((await save(ana, sander.id)).statusCode).toBe(200);
    expect((await unsave(ana, planer.id)).statusCode).toBe(204);
    expect((await list(ana)).body.items.map((i) => i.itemId)).toEqual([sander.id]);
  });

  it('disappears when the item is gone for good', async () => {
    const bo = await createSignedInUser(ctx.app, mailer, 'bo-saved@example.com', 'Bo Cascade');
    const vice = await createItem(ctx.database.db, olive.user.id, { name: 'Bench vice' });
    await save(bo, vice.id);
    await ctx.database.db.delete(items).where(eq(items.id, vice.id));
    expect((await list(bo)).body).toMatchObject({ total: 0, items: [] });
  });
});

describe('leaving', () => {
  it("removes a member's saves with their account, and puts them in their data download", async () => {
    const cy = await createSignedInUser(ctx.app, mailer, 'cy-saved@example.com', 'Cy Leaving');
    await save(cy, saw.id);
    const download = await ctx.app.inject({ method: 'GET', url: '/api/me/export', headers: { cookie: cy.cookie } });
    expect(download.json()).toMatchObject({ savedItems: [expect.objectContaining({ item_id: saw.id, item_name: 'Circular saw' })] });
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/me',
      payload: { password: 'a sturdy wheelbarrow' },
      headers: { cookie: cy.cookie, origin: ORIGIN },
    });
    expect(res.statusCode).toBe(204);
    expect(await ctx.database.db.select().from(savedItems).where(eq(savedItems.userId, cy.user.id))).toEqual([]);
  });
});

describe('the limit', () => {
  it(`keeps at most ${MAX_SAVED_ITEMS} saved items a member`, async () => {
    const db = ctx.database.db;
    const lee = await createSignedInUser(ctx.app, mailer, 'lee-saved@example.com', 'Lee Lots');
    const owner = await createUser(db);
    const many = await db
      .insert(items)
      .values(
        Array.from({ length: MAX_SAVED_ITEMS + 1 }, (_, i) => ({
          ownerId: owner.id,
          categoryId: 'power-tools',
          name: `Spanner ${i}`,
          description: 'One of many.',
          dailyRatePence: 100,
        })),
      )
      .returning({ id: items.id });
    await db.insert(savedItems).values(many.slice(0, MAX_SAVED_ITEMS - 1).map((item) => ({ userId: lee.user.id, itemId: item.id })));
    expect((await save(lee, many[MAX_SAVED_ITEMS - 1]!.id)).statusCode).toBe(200);
    const over = await save(lee, many[MAX_SAVED_ITEMS]!.id);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ error: { code: 'CONFLICT', message: SAVED_LIMIT_MESSAGE } });
    expect((await list(lee, '?pageSize=1')).body.total).toBe(MAX_SAVED_ITEMS);
    // One already saved is still answered at the limit.
    expect((await save(lee, many[0]!.id)).statusCode).toBe(200);
  });
});

describe('My Items', () => {
  it('shows the owner how many members saved each item, never who', async () => {
    await save(sam, drill.id);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/me/items', headers: { cookie: olive.cookie } });
    expect(res.statusCode).toBe(200);
    const page = res.json<OwnerItemsPage>();
    const savedBy = Object.fromEntries(page.items.map((i) => [i.name, i.savedBy]));
    expect(savedBy).toMatchObject({ 'Cordless drill': 2, 'Circular saw': 1, 'Step ladder': 0 });
    expect(res.body).not.toContain(maya.user.id);
    expect(res.body).not.toContain(sam.user.id);
  });
});
