import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { ItemsPage } from '@toolshed/core/contract';
import { queryRows } from '../../db/database.ts';
import { itemImages, items, users } from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { addImage, createItem, createUser, insertCategories } from '../../test/factories.ts';

/**
 * `items.has_photo` (migration 0034) is kept by triggers on item_images: relevance's first tier
 * (decision 022) is read from it and from the browse indexes that carry it, so it must say exactly
 * whether the item has a photo after every kind of change to its photos. The same triggers keep the
 * first photo's keys on the item (migration 0040), which browse cards show.
 */
let ctx: TestContext;
let ownerId: string;

beforeAll(async () => {
  ctx = await createTestApp({ env: { BROWSE_CACHE_MS: '0' } });
  await insertCategories(ctx.database.db);
  ownerId = (await createUser(ctx.database.db, { name: 'Photo Owner', rating: 4.5 })).id;
});

afterAll(async () => {
  await ctx?.close();
});

const db = () => ctx.database.db;

async function hasPhoto(itemId: string): Promise<boolean> {
  const [row] = await db().select({ hasPhoto: items.hasPhoto }).from(items).where(eq(items.id, itemId));
  return row!.hasPhoto;
}

/** The keys of the photo a browse card shows (migration 0040), as the item carries them. */
async function cardPhoto(itemId: string): Promise<string | null> {
  const [row] = await db().select({ key: items.photoLargeKey, thumb: items.photoThumbKey }).from(items).where(eq(items.id, itemId));
  return row!.key === null ? null : `${row!.key} ${row!.thumb}`;
}

const keysAt = (itemId: string, position: number) => `items/${itemId}/${position}-large.webp items/${itemId}/${position}-thumb.webp`;

/**
 * Items whose flag or first photo's keys disagree with their photos: none, whatever happened before.
 */
async function disagreeing(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db(),
    sql`select (select count(*) from items i where i.has_photo <> exists (select 1 from item_images g where g.item_id = i.id))
             + (select count(*) from items i left join lateral (select g.large_key, g.thumb_key from item_images g where g.item_id = i.id
                  order by g.position limit 1) f on true
                where (i.photo_large_key, i.photo_thumb_key) is distinct from (f.large_key, f.thumb_key))
             as n`,
  );
  return Number(row!.n);
}

async function browse(query: string): Promise<ItemsPage> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/categories/garden-tools/items?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as ItemsPage;
}

describe('has_photo follows the item photos', () => {
  it('is set by the first photo, kept by the second, and cleared only with the last', async () => {
    const item = await createItem(db(), ownerId, { name: 'Flag Mower' });
    expect(await hasPhoto(item.id)).toBe(false);
    await addImage(db(), item.id, 0);
    expect(await hasPhoto(item.id)).toBe(true);
    expect(await cardPhoto(item.id)).toBe(keysAt(item.id, 0));
    await addImage(db(), item.id, 1);
    expect(await cardPhoto(item.id)).toBe(keysAt(item.id, 0));
    await db()
      .delete(itemImages)
      .where(sql`${itemImages.itemId} = ${item.id} and ${itemImages.position} = 0`);
    expect(await hasPhoto(item.id)).toBe(true);
    // The card shows the first photo that remains.
    expect(await cardPhoto(item.id)).toBe(keysAt(item.id, 1));
    await db().delete(itemImages).where(eq(itemImages.itemId, item.id));
    expect(await hasPhoto(item.id)).toBe(false);
    expect(await cardPhoto(item.id)).toBeNull();
    expect(await disagreeing()).toBe(0);
  });

  it('gives the card the photo that comes first when the photos are reordered, and the browse card shows it', async () => {
    const item = await createItem(db(), ownerId, { categoryId: 'garden-tools', name: 'Reordered Wheelbarrow' });
    await addImage(db(), item.id, 0);
    await addImage(db(), item.id, 1);
    // The first photo moved to the end: the second is now first.
    await db()
      .update(itemImages)
      .set({ position: 5 })
      .where(sql`${itemImages.itemId} = ${item.id} and ${itemImages.position} = 0`);
    expect(await cardPhoto(item.id)).toBe(keysAt(item.id, 1));
    const card = (await browse('search=reordered')).items.find((i) => i.id === item.id);
    expect(card?.image?.url).toContain(`items/${item.id}/1-large.webp`);
    expect(card?.image?.thumbUrl).toContain(`items/${item.id}/1-thumb.webp`);
    expect(await disagreeing()).toBe(0);
  });

  it('moves with a photo moved to another item, and follows photos of several items changed at once', async () => {
    const a = await createItem(db(), ownerId, { name: 'Flag Strimmer' });
    const b = await createItem(db(), ownerId, { name: 'Flag Rake' });
    const c = await createItem(db(), ownerId, { name: 'Flag Hoe' });
    await addImage(db(), a.id, 0);
    await db().update(itemImages).set({ itemId: b.id }).where(eq(itemImages.itemId, a.id));
    expect([await hasPhoto(a.id), await hasPhoto(b.id)]).toEqual([false, true]);
    await db()
      .insert(itemImages)
      .values(
        [a.id, c.id].map((itemId) => ({ itemId, position: 3, largeKey: `${itemId}-l`, thumbKey: `${itemId}-t`, width: 10, height: 10 })),
      );
    expect([await hasPhoto(a.id), await hasPhoto(b.id), await hasPhoto(c.id)]).toEqual([true, true, true]);
    await db()
      .delete(itemImages)
      .where(sql`${itemImages.itemId} in (${a.id}, ${b.id})`);
    expect([await hasPhoto(a.id), await hasPhoto(b.id), await hasPhoto(c.id)]).toEqual([false, false, true]);
    expect(await disagreeing()).toBe(0);
  });

  it('is cleared for every item when the photos are truncated, and an item deleted with its photos is no trouble', async () => {
    const gone = await createItem(db(), ownerId, { name: 'Flag Shears' });
    await addImage(db(), gone.id, 0);
    await db().delete(items).where(eq(items.id, gone.id));
    const kept = await createItem(db(), ownerId, { name: 'Flag Spade' });
    await addImage(db(), kept.id, 0);
    await db().execute(sql`truncate item_images`);
    expect(await hasPhoto(kept.id)).toBe(false);
    expect(await disagreeing()).toBe(0);
  });

  it('the last photo removed while another is added at the same time: the item keeps its flag (PostgreSQL)', async () => {
    if (ctx.database.kind !== 'postgres') return; // PGlite runs one transaction at a time
    const item = await createItem(db(), ownerId, { name: 'Flag Loppers' });
    await addImage(db(), item.id, 0);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let deleted!: () => void;
    const afterDelete = new Promise<void>((resolve) => (deleted = resolve));
    const removing = db().transaction(async (tx) => {
      await tx.delete(itemImages).where(eq(itemImages.itemId, item.id));
      deleted();
      await held;
    });
    await afterDelete;
    // Waits in its trigger for the item the first transaction has locked, then reads its commit.
    const adding = addImage(db(), item.id, 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await Promise.all([removing, adding]);
    expect(await hasPhoto(item.id)).toBe(true);
    expect(await disagreeing()).toBe(0);
  });
});

describe('relevance reads the flag', () => {
  it('puts an item first once it has a photo and its owner is rated, and back when either goes', async () => {
    const unrated = await createUser(db(), { name: 'Unrated Owner' });
    const older = await createItem(db(), ownerId, { categoryId: 'garden-tools', name: 'Tier Older Hedge Trimmer' });
    const newer = await createItem(db(), unrated.id, { categoryId: 'garden-tools', name: 'Tier Newer Hedge Trimmer' });
    await addImage(db(), older.id, 0);
    const names = async () => (await browse('search=tier')).items.map((i) => i.name);
    // Newer has no photo and an unrated owner: the older item, in the first tier, comes first.
    expect(await names()).toEqual(['Tier Older Hedge Trimmer', 'Tier Newer Hedge Trimmer']);
    await addImage(db(), newer.id, 0);
    expect(await names()).toEqual(['Tier Older Hedge Trimmer', 'Tier Newer Hedge Trimmer']);
    await db().update(users).set({ rating: 3 }).where(eq(users.id, unrated.id));
    expect(await names()).toEqual(['Tier Newer Hedge Trimmer', 'Tier Older Hedge Trimmer']);
    await db().delete(itemImages).where(eq(itemImages.itemId, newer.id));
    expect(await names()).toEqual(['Tier Older Hedge Trimmer', 'Tier Newer Hedge Trimmer']);
    // Newest first ignores the tiers.
    expect((await browse('search=tier&sort=newest')).items.map((i) => i.name)).toEqual([
      'Tier Newer Hedge Trimmer',
      'Tier Older Hedge Trimmer',
    ]);
  });
});
