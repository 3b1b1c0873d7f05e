import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { ItemsPage } from '@toolshed/core/contract';
import { queryRows } from '../../db/database.ts';
import { items, users } from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createItem, createUser, insertCategories } from '../../test/factories.ts';

/**
 * Browse cards read the owner's name, picture, rating and number of ratings from the item (migration
 * 0041), kept by triggers on items and users: they must say what the user's row says after every kind
 * of change, or a renamed owner would go on showing under the old name.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ env: { BROWSE_CACHE_MS: '0' } });
  await insertCategories(ctx.database.db);
});

afterAll(async () => {
  await ctx?.close();
});

const db = () => ctx.database.db;

async function cardOwner(itemId: string) {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/categories/garden-tools/items?search=carded' });
  expect(res.statusCode).toBe(200);
  return (res.json() as ItemsPage).items.find((i) => i.id === itemId)?.owner;
}

/** Items whose copy of their owner's card fields differs from the user's row: none, whatever happened before. */
async function disagreeing(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db(),
    sql`select count(*)::int as n from items i join users u on u.id = i.owner_id
        where (i.owner_name, i.owner_picture, i.owner_rating, i.owner_total_ratings)
              is distinct from (u.name, u.picture, u.rating, u.total_ratings)`,
  );
  return row!.n;
}

describe("a card's owner", () => {
  it('is the owner as they are now: renamed, a new picture, rated again', async () => {
    const owner = await createUser(db(), { name: 'Carded Owner', rating: 4 });
    const item = await createItem(db(), owner.id, { categoryId: 'garden-tools', name: 'Carded Rake' });
    expect(await cardOwner(item.id)).toMatchObject({ id: owner.id, name: 'Carded Owner', picture: null, rating: 4 });

    await db().update(users).set({ name: 'Carded Owner Renamed', picture: '/media/users/carded.webp' }).where(eq(users.id, owner.id));
    expect(await cardOwner(item.id)).toMatchObject({ name: 'Carded Owner Renamed', picture: '/media/users/carded.webp', rating: 4 });

    await db().update(users).set({ rating: 3.5, totalRatings: 7 }).where(eq(users.id, owner.id));
    expect(await cardOwner(item.id)).toMatchObject({ rating: 3.5, totalRatings: 7 });
    expect(await disagreeing()).toBe(0);
  });

  it('is the new owner when an item changes hands, and an item listed later takes its owner as they are', async () => {
    const first = await createUser(db(), { name: 'Carded First', rating: 2 });
    const second = await createUser(db(), { name: 'Carded Second', rating: 5 });
    await db().update(users).set({ totalRatings: 12 }).where(eq(users.id, second.id));
    const item = await createItem(db(), first.id, { categoryId: 'garden-tools', name: 'Carded Hoe' });
    await db().update(items).set({ ownerId: second.id }).where(eq(items.id, item.id));
    expect(await cardOwner(item.id)).toMatchObject({ id: second.id, name: 'Carded Second', rating: 5, totalRatings: 12 });
    const later = await createItem(db(), second.id, { categoryId: 'garden-tools', name: 'Carded Spade' });
    expect(await cardOwner(later.id)).toMatchObject({ id: second.id, name: 'Carded Second', totalRatings: 12 });
    expect(await disagreeing()).toBe(0);
  });
});
