import { and, asc, count, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/database.ts';
import { withDb } from '../../db/with-db.ts';
import { calendarBlockedDays, calendarSources, items, jobs, users } from '../../db/schema.ts';
import type { BusyRange } from './ical-reader.ts';
import { blockedRowsOf, coveredItems, unblocked, type UnblockedDays } from './source-days-sql.ts';

export interface SourceRow {
  id: string;
  ownerId: string;
  itemId: string | null;
  itemName: string | null;
  url: string;
  lastFetchedAt: Date | null;
  lastSuccessAt: Date | null;
  lastError: string | null;
  lastWarning: string | null;
  blockedRanges: number;
}

interface SourceToFetch {
  id: string;
  ownerId: string;
  itemId: string | null;
  url: string;
  etag: string | null;
  lastModified: string | null;
  busyRanges: BusyRange[];
  ownerDeleted: boolean;
}

async function listSources(db: Db, ownerId: string): Promise<SourceRow[]> {
  return db
    .select({
      id: calendarSources.id,
      ownerId: calendarSources.ownerId,
      itemId: calendarSources.itemId,
      itemName: items.name,
      url: calendarSources.url,
      lastFetchedAt: calendarSources.lastFetchedAt,
      lastSuccessAt: calendarSources.lastSuccessAt,
      lastError: calendarSources.lastError,
      lastWarning: calendarSources.lastWarning,
      blockedRanges: sql<number>`jsonb_array_length(${calendarSources.busyRanges})`,
    })
    .from(calendarSources)
    .leftJoin(items, eq(items.id, calendarSources.itemId))
    .where(eq(calendarSources.ownerId, ownerId))
    .orderBy(asc(calendarSources.createdAt), asc(calendarSources.id));
}

async function findSource(db: Db, id: string): Promise<SourceToFetch | undefined> {
  const [row] = await db
    .select({
      id: calendarSources.id,
      ownerId: calendarSources.ownerId,
      itemId: calendarSources.itemId,
      url: calendarSources.url,
      etag: calendarSources.etag,
      lastModified: calendarSources.lastModified,
      busyRanges: calendarSources.busyRanges,
      ownerDeleted: sql<boolean>`${users.deletedAt} is not null`,
    })
    .from(calendarSources)
    .innerJoin(users, eq(users.id, calendarSources.ownerId))
    .where(eq(calendarSources.id, id));
  return row;
}

/** Removes the owner's source and its blocked days; false when it is not theirs. */
async function removeSource(
  db: Db,
  onUnblocked: (tx: Executor, days: UnblockedDays[]) => Promise<void>,
  ownerId: string,
  id: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const before = await blockedRowsOf(tx, id);
    const rows = await tx
      .delete(calendarSources)
      .where(and(eq(calendarSources.id, id), eq(calendarSources.ownerId, ownerId)))
      .returning({ id: calendarSources.id });
    if (rows.length === 0) return false;
    const freed = unblocked(ownerId, before, []);
    if (freed.length > 0) await onUnblocked(tx, freed);
    return true;
  });
}

/** Adds a source; `inTransaction` writes what must commit with it (its first fetch job). */
async function insertSource(
  db: Db,
  values: { ownerId: string; itemId: string | null; url: string; now: Date },
  inTransaction: (tx: Executor, id: string) => Promise<void>,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(calendarSources)
      .values({ ownerId: values.ownerId, itemId: values.itemId, url: values.url, createdAt: values.now })
      .returning({ id: calendarSources.id });
    await inTransaction(tx, row!.id);
    return row!.id;
  });
}

async function sourceExists(db: Db, ownerId: string, url: string, itemId: string | null): Promise<boolean> {
  const rows = await db
    .select({ id: calendarSources.id })
    .from(calendarSources)
    .where(
      and(
        eq(calendarSources.ownerId, ownerId),
        eq(calendarSources.url, url),
        itemId ? eq(calendarSources.itemId, itemId) : isNull(calendarSources.itemId),
      ),
    );
  return rows.length > 0;
}

/** Whether an item the source covers has none of its busy days yet (added since the last good answer). */
async function hasUncoveredItemOf(db: Db, source: SourceToFetch): Promise<boolean> {
  if (source.busyRanges.length === 0) return false;
  const covered = await coveredItems(db, source);
  if (covered.length === 0) return false;
  const withRows = await db
    .selectDistinct({ itemId: calendarBlockedDays.itemId })
    .from(calendarBlockedDays)
    .where(eq(calendarBlockedDays.sourceId, source.id));
  const have = new Set(withRows.map((r) => r.itemId));
  return covered.some((id) => !have.has(id));
}

/**
 * Replaces the source's blocked days with `busy` spread over the items it covers now, and records
 * a good fetch, in one transaction. The covered items' rows are locked first, in id order, with
 * the lock a booking takes (checkout-repository.ts): a booking of one of them either committed
 * before (and may now overlap a new busy day: it was not known then) or waits for this commit and
 * then sees these rows (blocked-days-sql.ts). `validators` undefined: a 304, keep them (and the
 * warning, which is of the same answer); otherwise `warning` is the new answer's, or null.
 */
async function replaceBlockedDaysOf(
  db: Db,
  onUnblocked: (tx: Executor, days: UnblockedDays[]) => Promise<void>,
  source: SourceToFetch,
  busy: BusyRange[],
  validators: { etag: string | null; lastModified: string | null } | undefined,
  at: Date,
  warning: string | null = null,
): Promise<'replaced' | 'gone'> {
  return db.transaction(async (tx) => {
    const [still] = await tx
      .select({ id: calendarSources.id })
      .from(calendarSources)
      .where(eq(calendarSources.id, source.id))
      .for('update');
    if (!still) return 'gone';
    const itemIds = await coveredItems(tx, source);
    if (itemIds.length > 0) {
      await tx.select({ id: items.id }).from(items).where(inArray(items.id, itemIds)).orderBy(items.id).for('no key update');
    }
    const before = await blockedRowsOf(tx, source.id);
    await tx.delete(calendarBlockedDays).where(eq(calendarBlockedDays.sourceId, source.id));
    const rows = itemIds.flatMap((itemId) =>
      busy.map((r) => ({ sourceId: source.id, itemId, startDate: r.startDate, endDate: r.endDate })),
    );
    for (let i = 0; i < rows.length; i += 1_000) await tx.insert(calendarBlockedDays).values(rows.slice(i, i + 1_000));
    const freed = unblocked(source.ownerId, before, rows);
    if (freed.length > 0) await onUnblocked(tx, freed);
    await tx
      .update(calendarSources)
      .set({
        busyRanges: busy,
        lastFetchedAt: at,
        lastSuccessAt: at,
        lastError: null,
        ...(validators
          ? { etag: validators.etag, lastModified: validators.lastModified, lastWarning: warning?.slice(0, 500) ?? null }
          : {}),
      })
      .where(eq(calendarSources.id, source.id));
    return 'replaced';
  });
}

/**
 * `onUnblocked` runs inside the transaction that removed blocked days (an import without them, the
 * calendar removed), so what it writes (the event for date watches) commits with the change.
 */
export function createCalendarSyncRepository(
  db: Db,
  { onUnblocked = async () => {} }: { onUnblocked?: (tx: Executor, days: UnblockedDays[]) => Promise<void> } = {},
) {
  return {
    list: withDb(db, listSources),

    async countFor(ownerId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(calendarSources).where(eq(calendarSources.ownerId, ownerId));
      return row?.n ?? 0;
    },

    /** Whether `itemId` is one of the owner's items (not deleted). */
    async ownsItem(ownerId: string, itemId: string): Promise<boolean> {
      const rows = await db
        .select({ id: items.id })
        .from(items)
        .where(and(eq(items.id, itemId), eq(items.ownerId, ownerId), isNull(items.deletedAt)));
      return rows.length > 0;
    },

    exists: withDb(db, sourceExists),

    insert: (
      values: { ownerId: string; itemId: string | null; url: string; now: Date },
      inTransaction: (tx: Executor, id: string) => Promise<void>,
    ): Promise<string> => insertSource(db, values, inTransaction),

    remove: (ownerId: string, id: string): Promise<boolean> => removeSource(db, onUnblocked, ownerId, id),

    find: withDb(db, findSource),

    async recordError(id: string, message: string, at: Date): Promise<void> {
      await db
        .update(calendarSources)
        .set({ lastError: message.slice(0, 500), lastFetchedAt: at })
        .where(eq(calendarSources.id, id));
    },

    replaceBlockedDays: (
      source: SourceToFetch,
      busy: BusyRange[],
      validators: { etag: string | null; lastModified: string | null } | undefined,
      at: Date,
      warning: string | null = null,
    ): Promise<'replaced' | 'gone'> => replaceBlockedDaysOf(db, onUnblocked, source, busy, validators, at, warning),

    hasUncoveredItem: withDb(db, hasUncoveredItemOf),

    async recordNotModified(id: string, at: Date): Promise<void> {
      await db.update(calendarSources).set({ lastFetchedAt: at, lastSuccessAt: at, lastError: null }).where(eq(calendarSources.id, id));
    },

    /** Deletes finished runs of a job name that finished before `before` (a fetch every 15 minutes is 96 rows a day per calendar). */
    async forgetFinishedJobs(name: string, before: Date): Promise<number> {
      const rows = await db
        .delete(jobs)
        .where(and(eq(jobs.name, name), inArray(jobs.status, ['done', 'failed']), lt(jobs.finishedAt, before)))
        .returning({ id: jobs.id });
      return rows.length;
    },

    async removeAllOf(ownerId: string): Promise<void> {
      await db.delete(calendarSources).where(eq(calendarSources.ownerId, ownerId));
    },
  };
}

export type CalendarSyncRepository = ReturnType<typeof createCalendarSyncRepository>;
