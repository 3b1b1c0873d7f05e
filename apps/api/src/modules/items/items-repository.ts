import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database.ts';
import { toInt, toIsoDate } from '../../db/row-values.ts';
import { itemImages, items } from '../../db/schema.ts';
import type { ItemInput } from '@toolshed/core/contract';
import type { GeocodeResult } from '../../platform/geocoding/geocoder.ts';

/** One of an owner's listings, as My Items shows it. */
export interface OwnedItem {
  id: string;
  name: string;
  categoryId: string;
  dailyRatePence: number;
  available: boolean;
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

interface OwnedItemRow {
  id: string;
  name: string;
  category_id: string;
  daily_rate_pence: unknown;
  available: boolean;
  thumb_key: string | null;
}

interface OpenPeriodRow {
  rental_id: string;
  item_id: string;
  renter_name: string;
  start_date: unknown;
  end_date: unknown;
  requested: boolean;
}

const toOwnedItem = (r: OwnedItemRow): OwnedItem => ({
  id: r.id,
  name: r.name,
  categoryId: r.category_id,
  dailyRatePence: toInt(r.daily_rate_pence, 'daily_rate_pence'),
  available: r.available,
  thumbKey: r.thumb_key,
});

const toOpenPeriod = (r: OpenPeriodRow): OpenPeriod => ({
  rentalId: r.rental_id,
  itemId: r.item_id,
  renterName: r.renter_name,
  startDate: toIsoDate(r.start_date, 'start_date'),
  endDate: toIsoDate(r.end_date, 'end_date'),
  requested: r.requested,
});

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

export function createItemsRepository(db: Db) {
  return {
    async create(ownerId: string, input: ItemInput, point: GeocodeResult): Promise<string> {
      const [row] = await db
        .insert(items)
        .values({ ownerId, ...columns(input, point) })
        .returning({ id: items.id });
      return row!.id;
    },

    /** The item if `ownerId` owns it (and it is not deleted): anyone else is told it does not exist. */
    async findOwned(itemId: string, ownerId: string) {
      const [row] = await db
        .select()
        .from(items)
        .where(and(eq(items.id, itemId), eq(items.ownerId, ownerId), isNull(items.deletedAt)));
      return row;
    },

    async update(itemId: string, input: ItemInput, point: GeocodeResult): Promise<void> {
      await db
        .update(items)
        .set({ ...columns(input, point), updatedAt: new Date() })
        .where(eq(items.id, itemId));
    },

    /** Upcoming, active or overdue: any rental that is neither returned nor cancelled. */
    async hasOpenRentals(itemId: string): Promise<boolean> {
      const rows = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from rentals where item_id = ${itemId} and not returned and cancelled_at is null`,
      );
      return (rows[0]?.n ?? 0) > 0;
    },

    /** Soft delete: past rentals and reviews keep pointing at the item. */
    async softDelete(itemId: string): Promise<void> {
      await db.update(items).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(items.id, itemId));
    },

    images: (itemId: string) => db.select().from(itemImages).where(eq(itemImages.itemId, itemId)).orderBy(asc(itemImages.position)),

    async addImage(
      itemId: string,
      image: { id: string; largeKey: string; thumbKey: string; width: number; height: number },
      maxImages: number,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        // Lock the item row so that two uploads at once cannot both take the last free place.
        await tx.execute(sql`select id from items where id = ${itemId} for update`);
        const rows = await queryRows<{ n: number; next: number }>(
          tx as unknown as Db,
          sql`select count(*)::int as n, coalesce(max(position) + 1, 0)::int as next from item_images where item_id = ${itemId}`,
        );
        if ((rows[0]?.n ?? 0) >= maxImages) return false;
        await tx.insert(itemImages).values({ itemId, position: rows[0]?.next ?? 0, ...image });
        return true;
      });
    },

    async removeImage(itemId: string, imageId: string) {
      const [row] = await db
        .delete(itemImages)
        .where(and(eq(itemImages.id, imageId), eq(itemImages.itemId, itemId)))
        .returning();
      return row;
    },

    async reorderImages(itemId: string, imageIds: string[]): Promise<void> {
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
    },

    ownedItems: (ownerId: string) =>
      queryRows<OwnedItemRow>(
        db,
        sql`select i.id, i.name, i.category_id, i.daily_rate_pence, i.available,
                   (select thumb_key from item_images im where im.item_id = i.id order by position limit 1) as thumb_key
            from items i where i.owner_id = ${ownerId} and i.deleted_at is null order by i.created_at desc`,
      ).then((rows) => rows.map(toOwnedItem)),

    openPeriods: (ownerId: string) =>
      queryRows<OpenPeriodRow>(
        db,
        sql`select r.id as rental_id, r.item_id, u.name as renter_name,
                   to_char(r.start_date, 'YYYY-MM-DD') as start_date, to_char(r.end_date, 'YYYY-MM-DD') as end_date,
                   coalesce(r.request_status = 'pending', false) as requested
            from rentals r join users u on u.id = r.renter_id
            where r.owner_id = ${ownerId} and not r.returned and r.cancelled_at is null
            order by coalesce(r.request_status = 'pending', false) desc, r.start_date`,
      ).then((rows) => rows.map(toOpenPeriod)),
  };
}

export type ItemsRepository = ReturnType<typeof createItemsRepository>;
