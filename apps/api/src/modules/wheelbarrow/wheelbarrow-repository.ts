import { asc, eq, sql } from 'drizzle-orm';
import type { SavedLineInput } from '@toolshed/core/contract';
import type { Db } from '../../db/database.ts';
import { itemImages, items, wheelbarrowLines } from '../../db/schema.ts';

export interface StoredLine {
  itemId: string;
  startDate: string;
  endDate: string;
  name: string;
  dailyRatePence: number;
  thumbKey: string | null;
}

/** The only SQL of the saved wheelbarrow. */
export function createWheelbarrowRepository(db: Db) {
  return {
    /** In the order they were added; a deleted item stays (the check flags it), its name kept. */
    async lines(userId: string): Promise<StoredLine[]> {
      return db
        .select({
          itemId: wheelbarrowLines.itemId,
          startDate: wheelbarrowLines.startDate,
          endDate: wheelbarrowLines.endDate,
          name: items.name,
          dailyRatePence: items.dailyRatePence,
          thumbKey: sql<
            string | null
          >`(select ${itemImages.thumbKey} from ${itemImages} where ${itemImages.itemId} = ${items.id} order by ${itemImages.position} limit 1)`,
        })
        .from(wheelbarrowLines)
        .innerJoin(items, eq(items.id, wheelbarrowLines.itemId))
        .where(eq(wheelbarrowLines.userId, userId))
        .orderBy(asc(wheelbarrowLines.position));
    },

    /** Ids of these items that exist at all (deleted ones included: the check explains them). */
    async existingItems(itemIds: string[]): Promise<Set<string>> {
      if (itemIds.length === 0) return new Set();
      const rows = await db
        .select({ id: items.id })
        .from(items)
        .where(sql`${items.id} in ${itemIds}`);
      return new Set(rows.map((r) => r.id));
    },

    /** Replaces the whole wheelbarrow in one transaction: the client holds the order and the dates. */
    async replace(userId: string, lines: SavedLineInput[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(wheelbarrowLines).where(eq(wheelbarrowLines.userId, userId));
        if (lines.length === 0) return;
        await tx
          .insert(wheelbarrowLines)
          .values(lines.map((l, position) => ({ userId, itemId: l.itemId, startDate: l.startDate, endDate: l.endDate, position })));
      });
    },
  };
}

export type WheelbarrowRepository = ReturnType<typeof createWheelbarrowRepository>;
