import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { itemImages, items, memberBlocks, savedItems, users } from '../../db/schema.ts';

/** A saved item as the Saved page shows it; `listed` is false once the owner deleted or unlisted it. */
export interface SavedRow {
  itemId: string;
  name: string;
  savedAt: Date;
  listed: boolean;
  categoryId: string;
  dailyRatePence: number;
  city: string | null;
  thumbKey: string | null;
  publicLatitude: number | null;
  publicLongitude: number | null;
}

/** A page of the member's saves, newest first, and how many they have in all. */
async function pageOfSaves(db: Db, userId: string, offset: number, limit: number): Promise<{ rows: SavedRow[]; total: number }> {
  const firstThumb = db
    .select({ thumbKey: itemImages.thumbKey })
    .from(itemImages)
    .where(eq(itemImages.itemId, items.id))
    .orderBy(itemImages.position)
    .limit(1);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        itemId: savedItems.itemId,
        name: items.name,
        savedAt: savedItems.createdAt,
        // Held back for review, or its owner and the member blocked one another: shown as no longer listed.
        listed: sql<boolean>`(${items.deletedAt} is null and ${items.available} and not ${items.hiddenPendingReview} and not exists (
          select 1 from ${memberBlocks} b
          where (b.blocker_id = ${userId} and b.blocked_id = ${items.ownerId}) or (b.blocker_id = ${items.ownerId} and b.blocked_id = ${userId})))`,
        categoryId: items.categoryId,
        dailyRatePence: items.dailyRatePence,
        city: items.city,
        thumbKey: sql<string | null>`(${firstThumb})`,
        publicLatitude: items.publicLatitude,
        publicLongitude: items.publicLongitude,
      })
      .from(savedItems)
      .innerJoin(items, eq(items.id, savedItems.itemId))
      .where(eq(savedItems.userId, userId))
      .orderBy(desc(savedItems.createdAt), desc(savedItems.itemId))
      .offset(offset)
      .limit(limit),
    db.select({ n: count() }).from(savedItems).where(eq(savedItems.userId, userId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The only SQL of saved items. Every statement names the member: nobody reads another's saves. */
export function createSavedItemsRepository(db: Db) {
  return {
    /** The item's owner and whether it is listed; undefined when it does not exist or was deleted. */
    async item(itemId: string): Promise<{ ownerId: string; listed: boolean } | undefined> {
      const [row] = await db
        .select({ ownerId: items.ownerId, listed: items.available })
        .from(items)
        .where(and(eq(items.id, itemId), sql`${items.deletedAt} is null`));
      return row;
    },

    async savedAt(userId: string, itemId: string): Promise<Date | undefined> {
      const [row] = await db
        .select({ createdAt: savedItems.createdAt })
        .from(savedItems)
        .where(and(eq(savedItems.userId, userId), eq(savedItems.itemId, itemId)));
      return row?.createdAt;
    },

    /**
     * Saves the item unless the member already has `limit` saved: answers when it was saved (first
     * time or before), or 'full'. The member's row is locked so that saves at once cannot pass the
     * limit together.
     */
    async save(userId: string, itemId: string, limit: number): Promise<Date | 'full'> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const [existing] = await tx
          .select({ createdAt: savedItems.createdAt })
          .from(savedItems)
          .where(and(eq(savedItems.userId, userId), eq(savedItems.itemId, itemId)));
        if (existing) return existing.createdAt;
        const [held] = await tx.select({ n: count() }).from(savedItems).where(eq(savedItems.userId, userId));
        if ((held?.n ?? 0) >= limit) return 'full';
        const [row] = await tx.insert(savedItems).values({ userId, itemId }).returning({ createdAt: savedItems.createdAt });
        return row!.createdAt;
      });
    },

    async remove(userId: string, itemId: string): Promise<boolean> {
      const removed = await db
        .delete(savedItems)
        .where(and(eq(savedItems.userId, userId), eq(savedItems.itemId, itemId)))
        .returning({ itemId: savedItems.itemId });
      return removed.length > 0;
    },

    /** A page of the member's saves, newest first, and how many they have in all. */
    page: (userId: string, offset: number, limit: number) => pageOfSaves(db, userId, offset, limit),

    /** Every item the member saved (at most the limit), for the hearts. */
    async ids(userId: string): Promise<string[]> {
      const rows = await db
        .select({ itemId: savedItems.itemId })
        .from(savedItems)
        .where(eq(savedItems.userId, userId))
        .orderBy(desc(savedItems.createdAt), desc(savedItems.itemId));
      return rows.map((r) => r.itemId);
    },
  };
}

export type SavedItemsRepository = ReturnType<typeof createSavedItemsRepository>;
