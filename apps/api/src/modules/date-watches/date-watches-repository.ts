import { and, asc, count, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/database.ts';
import { withDb } from '../../db/with-db.ts';
import { dateWatches, items, rentals, users } from '../../db/schema.ts';

export interface WatchRow {
  id: string;
  userId: string;
  itemId: string;
  itemName: string;
  startDate: string;
  endDate: string;
  createdAt: Date;
  notifiedAt: Date | null;
}

/** Still waiting: not told, not stopped. (A watch whose start date passed is over too: callers pass today.) */
const waiting = and(isNull(dateWatches.notifiedAt), isNull(dateWatches.cancelledAt));

const watchColumns = {
  id: dateWatches.id,
  userId: dateWatches.userId,
  itemId: dateWatches.itemId,
  itemName: items.name,
  startDate: dateWatches.startDate,
  endDate: dateWatches.endDate,
  createdAt: dateWatches.createdAt,
  notifiedAt: dateWatches.notifiedAt,
};

/**
 * The member's waiting watch of these dates, made now unless they had one (then `created` is false),
 * or 'full' when they already wait for `limit` ranges that start from `today`. The member's row is
 * locked so that watches asked for at once cannot pass the limit together.
 */
async function createWatch(
  db: Db,
  watch: { userId: string; itemId: string; startDate: string; endDate: string },
  today: string,
  limit: number,
  at: Date,
): Promise<{ id: string; created: boolean } | 'full'> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, watch.userId)).for('update');
    const [existing] = await tx
      .select({ id: dateWatches.id })
      .from(dateWatches)
      .where(
        and(
          eq(dateWatches.userId, watch.userId),
          eq(dateWatches.itemId, watch.itemId),
          eq(dateWatches.startDate, watch.startDate),
          eq(dateWatches.endDate, watch.endDate),
          waiting,
        ),
      );
    if (existing) return { id: existing.id, created: false };
    const [held] = await tx
      .select({ n: count() })
      .from(dateWatches)
      .where(and(eq(dateWatches.userId, watch.userId), waiting, gte(dateWatches.startDate, today)));
    if ((held?.n ?? 0) >= limit) return 'full';
    const [row] = await tx
      .insert(dateWatches)
      .values({ ...watch, createdAt: at })
      .returning({ id: dateWatches.id });
    return { id: row!.id, created: true };
  });
}

/** The item's waiting watches that share a day with `from`-`to` and start from `today`. */
async function watchesWaitingOn(db: Db, itemId: string, from: string, to: string, today: string): Promise<WatchRow[]> {
  return db
    .select(watchColumns)
    .from(dateWatches)
    .innerJoin(items, eq(items.id, dateWatches.itemId))
    .where(
      and(
        eq(dateWatches.itemId, itemId),
        waiting,
        gte(dateWatches.startDate, today),
        lte(dateWatches.startDate, to),
        gte(dateWatches.endDate, from),
      ),
    )
    .orderBy(asc(dateWatches.createdAt), asc(dateWatches.id));
}

/**
 * The days a rental held (its buffer after it, and before it as the calendar shows), through its
 * held extension or `endDate` if later: what its end or change may have freed.
 */
async function rentalSpanOf(db: Db, rentalId: string, endDate?: string): Promise<{ itemId: string; from: string; to: string } | undefined> {
  const later = endDate ?? null;
  const [row] = await db
    .select({
      itemId: rentals.itemId,
      from: sql<string>`to_char(${rentals.startDate} - ${rentals.bufferDays}, 'YYYY-MM-DD')`,
      to: sql<string>`to_char(greatest(coalesce(${rentals.heldEndDate}, ${rentals.endDate}), ${rentals.endDate}, ${later}::date) + ${rentals.bufferDays}, 'YYYY-MM-DD')`,
    })
    .from(rentals)
    .where(eq(rentals.id, rentalId));
  return row;
}

/** The only SQL of date watches. Every statement a member's request runs names the member. */
export function createDateWatchesRepository(db: Db) {
  return {
    /** The item's owner, name and whether it is listed; undefined when it does not exist or was deleted. */
    async item(itemId: string): Promise<{ ownerId: string; name: string; listed: boolean } | undefined> {
      const [row] = await db
        .select({ ownerId: items.ownerId, name: items.name, listed: items.available })
        .from(items)
        .where(and(eq(items.id, itemId), isNull(items.deletedAt)));
      return row;
    },

    create: (
      watch: { userId: string; itemId: string; startDate: string; endDate: string },
      today: string,
      limit: number,
      at: Date,
    ): Promise<{ id: string; created: boolean } | 'full'> => createWatch(db, watch, today, limit, at),

    async one(userId: string, id: string): Promise<WatchRow | undefined> {
      const [row] = await db
        .select(watchColumns)
        .from(dateWatches)
        .innerJoin(items, eq(items.id, dateWatches.itemId))
        .where(and(eq(dateWatches.id, id), eq(dateWatches.userId, userId)));
      return row;
    },

    /** The member's watches not stopped whose start date is not before `today`, soonest first. */
    async list(userId: string, today: string): Promise<WatchRow[]> {
      return db
        .select(watchColumns)
        .from(dateWatches)
        .innerJoin(items, eq(items.id, dateWatches.itemId))
        .where(and(eq(dateWatches.userId, userId), isNull(dateWatches.cancelledAt), gte(dateWatches.startDate, today)))
        .orderBy(asc(dateWatches.startDate), asc(dateWatches.endDate), asc(dateWatches.createdAt), asc(dateWatches.id));
    },

    /** Stops the member's watch; false when it is not theirs or already stopped. */
    async cancel(userId: string, id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(dateWatches)
        .set({ cancelledAt: at })
        .where(and(eq(dateWatches.id, id), eq(dateWatches.userId, userId), isNull(dateWatches.cancelledAt)))
        .returning({ id: dateWatches.id });
      return rows.length > 0;
    },

    waitingOn: withDb(db, watchesWaitingOn),

    /** Marks the watch told, once: false when it was told or stopped meanwhile (nothing is sent then). */
    async markNotified(tx: Executor, id: string, at: Date): Promise<boolean> {
      const rows = await tx
        .update(dateWatches)
        .set({ notifiedAt: at })
        .where(and(eq(dateWatches.id, id), waiting))
        .returning({ id: dateWatches.id });
      return rows.length > 0;
    },

    rentalSpan: withDb(db, rentalSpanOf),
  };
}

export type DateWatchesRepository = ReturnType<typeof createDateWatchesRepository>;
