import { and, asc, count, desc, eq, isNull, not, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/database.ts';
import { withDb } from '../../db/with-db.ts';
import { toInt, toIsoDate } from '../../db/row-values.ts';
import { itemImages, items, rentals, savedItems, users } from '../../db/schema.ts';
import type { ItemInput } from '@toolshed/core/contract';
import type { GeocodeResult } from '../../platform/geocoding/geocoder.ts';

/** One of an owner's listings, as My Items shows it. */
export interface OwnedItem {
  id: string;
  name: string;
  categoryId: string;
  dailyRatePence: number;
  available: boolean;
  underReview: boolean;
  thumbKey: string | null;
}

/** A rental of an owner's item not yet returned or cancelled. */
export interface OpenPeriod {
  rentalId: string;
  itemId: string;
  renterName: string;
  /** YYYY-MM-DD */
  startDate: string;
  endDate: string;
  /** A request to book waiting for the owner's answer. */
  requested: boolean;
}

/** What follows an item being listed (matching saved searches), inside the listing's transaction. */
export type Listed = (executor: Executor, itemId: string) => Promise<void>;

const columns = (input: ItemInput, point: GeocodeResult) => ({
  name: input.name,
  description: input.description,
  dailyRatePence: input.dailyRatePence,
  depositPence: input.depositPence,
  categoryId: input.categoryId,
  minDays: input.minDays,
  maxDays: input.maxDays,
  bookingMode: input.bookingMode,
  bufferDays: input.bufferDays,
  cancellationPolicy: input.cancellationPolicy,
  weeklyRatePence: input.weeklyRatePence,
  requireVerifiedPhone: input.requireVerifiedPhone,
  minCompletedRentals: input.minCompletedRentals,
  address: input.address,
  city: input.city,
  postcode: input.postcode,
  available: input.available,
  latitude: point.latitude,
  longitude: point.longitude,
  locationApproximate: point.approximate,
});

async function addItemImage(
  db: Db,
  itemId: string,
  image: { id: string; largeKey: string; thumbKey: string; width: number; height: number },
  maxImages: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Lock the item row so that two uploads at once cannot both take the last free place.
    await tx.select({ id: items.id }).from(items).where(eq(items.id, itemId)).for('update');
    const [taken] = await tx
      .select({ n: count(), next: sql<unknown>`coalesce(max(${itemImages.position}) + 1, 0)::int` })
      .from(itemImages)
      .where(eq(itemImages.itemId, itemId));
    if ((taken?.n ?? 0) >= maxImages) return false;
    await tx.insert(itemImages).values({ itemId, position: toInt(taken?.next ?? 0, 'next'), ...image });
    return true;
  });
}

async function reorderItemImages(db: Db, itemId: string, imageIds: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    // Two passes so the unique (item, position) index never sees a duplicate.
    for (const [i, id] of imageIds.entries())
      await tx
        .update(itemImages)
        .set({ position: 1000 + i })
        .where(and(eq(itemImages.id, id), eq(itemImages.itemId, itemId)));
    for (const [i, id] of imageIds.entries())
      await tx
        .update(itemImages)
        .set({ position: i })
        .where(and(eq(itemImages.id, id), eq(itemImages.itemId, itemId)));
  });
}

/** `listed` runs in the same transaction when the change lists an item that was not listed. */
async function updateItem(db: Db, itemId: string, input: ItemInput, point: GeocodeResult, listed?: Listed): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ available: items.available }).from(items).where(eq(items.id, itemId)).for('update');
    await tx
      .update(items)
      .set({ ...columns(input, point), updatedAt: new Date() })
      .where(eq(items.id, itemId));
    if (listed && input.available && before?.available === false) await listed(tx, itemId);
  });
}

/** `listed` runs in the same transaction when the item is listed (offered), so what follows a listing is never lost. */
async function createItem(db: Db, ownerId: string, input: ItemInput, point: GeocodeResult, listed?: Listed): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(items)
      .values({ ownerId, ...columns(input, point) })
      .returning({ id: items.id });
    if (input.available && listed) await listed(tx, row!.id);
    return row!.id;
  });
}

async function removeItemImage(db: Db, itemId: string, imageId: string) {
  const [row] = await db
    .delete(itemImages)
    .where(and(eq(itemImages.id, imageId), eq(itemImages.itemId, itemId)))
    .returning();
  return row;
}

/** Upcoming, active or overdue: any rental that is neither returned nor cancelled. */
async function hasOpenRentalsOf(db: Db, itemId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(rentals)
    .where(and(eq(rentals.itemId, itemId), not(rentals.returned), isNull(rentals.cancelledAt)));
  return (row?.n ?? 0) > 0;
}

/** The item if `ownerId` owns it (and it is not deleted): anyone else is told it does not exist. */
async function findOwnedItem(db: Db, itemId: string, ownerId: string) {
  const [row] = await db
    .select()
    .from(items)
    .where(and(eq(items.id, itemId), eq(items.ownerId, ownerId), isNull(items.deletedAt)));
  return row;
}

function ownedItemsOf(db: Db, ownerId: string): Promise<OwnedItem[]> {
  const firstThumb = db
    .select({ thumbKey: itemImages.thumbKey })
    .from(itemImages)
    .where(eq(itemImages.itemId, items.id))
    .orderBy(itemImages.position)
    .limit(1);
  return db
    .select({
      id: items.id,
      name: items.name,
      categoryId: items.categoryId,
      dailyRatePence: items.dailyRatePence,
      available: items.available,
      underReview: items.hiddenPendingReview,
      thumbKey: sql<string | null>`(${firstThumb})`,
    })
    .from(items)
    .where(and(eq(items.ownerId, ownerId), isNull(items.deletedAt)))
    .orderBy(desc(items.createdAt));
}

async function openPeriodsOf(db: Db, ownerId: string): Promise<OpenPeriod[]> {
  const requested = sql<boolean>`coalesce(${rentals.requestStatus} = 'pending', false)`;
  const rows = await db
    .select({
      rentalId: rentals.id,
      itemId: rentals.itemId,
      renterName: users.name,
      startDate: rentals.startDate,
      endDate: rentals.endDate,
      requested,
    })
    .from(rentals)
    .innerJoin(users, eq(users.id, rentals.renterId))
    .where(and(eq(rentals.ownerId, ownerId), not(rentals.returned), isNull(rentals.cancelledAt)))
    .orderBy(desc(requested), rentals.startDate);
  return rows.map((r) => ({ ...r, startDate: toIsoDate(r.startDate, 'start_date'), endDate: toIsoDate(r.endDate, 'end_date') }));
}

export function createItemsRepository(db: Db) {
  return {
    create: withDb(db, createItem),

    findOwned: withDb(db, findOwnedItem),

    update: withDb(db, updateItem),

    hasOpenRentals: withDb(db, hasOpenRentalsOf),

    /** Soft delete: past rentals and reviews keep pointing at the item. */
    async softDelete(itemId: string): Promise<void> {
      await db.update(items).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(items.id, itemId));
    },

    images: (itemId: string) => db.select().from(itemImages).where(eq(itemImages.itemId, itemId)).orderBy(asc(itemImages.position)),

    addImage: (
      itemId: string,
      image: { id: string; largeKey: string; thumbKey: string; width: number; height: number },
      maxImages: number,
    ): Promise<boolean> => addItemImage(db, itemId, image, maxImages),

    removeImage: withDb(db, removeItemImage),

    reorderImages: withDb(db, reorderItemImages),

    ownedItems: withDb(db, ownedItemsOf),

    /** How many members saved each of the owner's items (a count per item: never who). */
    savedCounts: async (ownerId: string): Promise<Map<string, number>> => {
      const rows = await db
        .select({ itemId: savedItems.itemId, n: count() })
        .from(savedItems)
        .innerJoin(items, eq(items.id, savedItems.itemId))
        .where(and(eq(items.ownerId, ownerId), isNull(items.deletedAt)))
        .groupBy(savedItems.itemId);
      return new Map(rows.map((r) => [r.itemId, r.n]));
    },

    openPeriods: withDb(db, openPeriodsOf),
  };
}

export type ItemsRepository = ReturnType<typeof createItemsRepository>;
