import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { HandoverHoursRange } from '@toolshed/core';
import type { Db } from '../../db/database.ts';
import { items, ownerHandoverHours } from '../../db/schema.ts';

/** The SQL of owners' handover hours. */
export function createHandoverHoursRepository(db: Db) {
  const columns = {
    ownerId: ownerHandoverHours.ownerId,
    weekday: ownerHandoverHours.weekday,
    opensMinutes: ownerHandoverHours.opensMinutes,
    closesMinutes: ownerHandoverHours.closesMinutes,
  };
  return {
    /** Each owner's own ranges (an owner who set none is absent). */
    async hoursOf(ownerIds: string[]): Promise<Map<string, HandoverHoursRange[]>> {
      const byOwner = new Map<string, HandoverHoursRange[]>();
      if (ownerIds.length === 0) return byOwner;
      const rows = await db
        .select(columns)
        .from(ownerHandoverHours)
        .where(inArray(ownerHandoverHours.ownerId, ownerIds))
        .orderBy(asc(ownerHandoverHours.weekday), asc(ownerHandoverHours.opensMinutes));
      for (const { ownerId, ...range } of rows) byOwner.set(ownerId, [...(byOwner.get(ownerId) ?? []), range]);
      return byOwner;
    },

    /** Replaces all of an owner's ranges at once. */
    async replace(ownerId: string, ranges: HandoverHoursRange[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(ownerHandoverHours).where(eq(ownerHandoverHours.ownerId, ownerId));
        if (ranges.length > 0) await tx.insert(ownerHandoverHours).values(ranges.map((r) => ({ ownerId, ...r })));
      });
    },

    /** The owner of each item still listed (not deleted), by item id. */
    async ownersOfItems(itemIds: string[]): Promise<Map<string, string>> {
      if (itemIds.length === 0) return new Map();
      const rows = await db
        .select({ id: items.id, ownerId: items.ownerId })
        .from(items)
        .where(and(inArray(items.id, itemIds), isNull(items.deletedAt)));
      return new Map(rows.map((r) => [r.id, r.ownerId]));
    },
  };
}

export type HandoverHoursRepository = ReturnType<typeof createHandoverHoursRepository>;
