import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { addDays, CATEGORIES, checkoutPosting, completionPosting, lineTotalPence, serviceFeePence, todayInLondon } from '@toolshed/core';
import {
  SAMPLE_IMAGE_COUNT,
  SAMPLE_ITEMS,
  SAMPLE_RENTALS,
  SAMPLE_REVIEWS,
  SAMPLE_USERS,
  sampleImageSvg,
  type SampleItem,
} from '@toolshed/core/sample-catalogue';
import { pictureModel, SAMPLE_TOWN_ITEMS, SAMPLE_TOWN_USERS } from '@toolshed/core/sample-towns';
import { queryRows, type Db } from '../database.ts';
import { categories, itemImages, items, payments, rentals, reviews, users } from '../schema.ts';
import { postTransaction } from '../../modules/ledger/ledger-repository.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { processImage, storeProcessedImage, type ProcessedImage, type StoredImage } from '../../platform/images/store-image.ts';
import { refreshUserRatings } from './refresh-ratings.ts';

const DAY_MS = 86_400_000;

export interface SeedSummary {
  items: number;
  rentals: number;
}

/**
 * The product's categories are reference data, not sample data: every start adds any that are missing
 * and keeps names, descriptions and order as core defines them.
 */
export async function syncCategories(db: Db): Promise<void> {
  await db
    .insert(categories)
    .values(CATEGORIES.map((c, position) => ({ ...c, position })))
    .onConflictDoUpdate({
      target: categories.id,
      set: { name: sql`excluded.name`, description: sql`excluded.description`, position: sql`excluded.position` },
    });
}

export interface SeedOptions {
  /**
   * With the listings of the 60 largest towns (core sample-towns, the default). Without, only the
   * hand-written catalogue Mock Data serves: what the relevance cases are written against.
   */
  towns?: boolean;
}

/**
 * Fills a database without users or items with the sample catalogue; otherwise does nothing. The
 * towns' listings come first, so the hand-written ones are the newest.
 */
export async function seedIfEmpty(
  db: Db,
  storage: FileStorage,
  now: Date = new Date(),
  { towns = true }: SeedOptions = {},
): Promise<SeedSummary | null> {
  const existing = await queryRows<{ used: boolean }>(db, sql`select exists (select 1 from users) or exists (select 1 from items) as used`);
  if (existing[0]?.used) return null;

  const today = todayInLondon(now);
  const allUsers = towns ? [...SAMPLE_USERS, ...SAMPLE_TOWN_USERS] : SAMPLE_USERS;
  const allItems: SampleItem[] = towns ? [...SAMPLE_TOWN_ITEMS, ...SAMPLE_ITEMS] : SAMPLE_ITEMS;
  const userIds = new Map(allUsers.map((u) => [u.key, randomUUID()]));
  const itemIds = new Map(allItems.map((i) => [i.key, randomUUID()]));
  const id = (map: Map<string, string>, key: string) => {
    const v = map.get(key);
    if (!v) throw new Error(`Sample catalogue refers to unknown key ${key}`);
    return v;
  };

  // Images are written before the transaction; an interrupted seed leaves only unreferenced files.
  // A picture is drawn and converted once, however many listings of its model show it (a town's
  // listing is drawn as its model, core town-items.ts), and stored under each listing's own keys.
  const processed = new Map<string, Promise<ProcessedImage>>();
  const picture = (svg: string) => {
    let image = processed.get(svg);
    if (!image) processed.set(svg, (image = processImage(Buffer.from(svg))));
    return image;
  };
  const images = new Map<string, StoredImage[]>();
  for (const item of allItems) {
    const itemId = id(itemIds, item.key);
    const stored = await Promise.all(
      Array.from({ length: SAMPLE_IMAGE_COUNT }, async (_, v) =>
        storeProcessedImage(storage, itemId, await picture(sampleImageSvg(pictureModel(item), v))),
      ),
    );
    images.set(item.key, stored);
  }

  await db.transaction(async (tx) => {
    await syncCategories(tx as unknown as Db);
    await tx.insert(users).values(
      allUsers.map((u) => ({
        id: id(userIds, u.key),
        name: u.name,
        email: u.email,
        emailVerified: true,
        createdAt: new Date(now.getTime() - u.joinedDaysAgo * DAY_MS),
      })),
    );
    await tx.insert(items).values(
      allItems.map((item, n) => ({
        id: id(itemIds, item.key),
        ownerId: id(userIds, item.ownerKey),
        categoryId: item.categoryId,
        name: item.name,
        description: item.description,
        dailyRatePence: item.dailyRatePence,
        minDays: item.minDays,
        maxDays: item.maxDays,
        address: item.address,
        city: item.city,
        postcode: item.postcode,
        latitude: item.latitude,
        longitude: item.longitude,
        // Staggered so 'newest first' has a stable, meaningful order.
        createdAt: new Date(now.getTime() - (allItems.length - n) * 3_600_000),
      })),
    );
    await tx
      .insert(itemImages)
      .values(
        allItems.flatMap((item) =>
          (images.get(item.key) ?? []).map((img, position) => ({ itemId: id(itemIds, item.key), position, ...img })),
        ),
      );
    const byKey = new Map(SAMPLE_ITEMS.map((i) => [i.key, i]));
    // Each sample rental was booked and paid for like any other (a captured card payment and its
    // ledger posting), and a returned one released its owner's earnings: the sample members'
    // balances and statements agree with their rentals.
    for (const [n, r] of SAMPLE_RENTALS.entries()) {
      const item = byKey.get(r.itemKey);
      if (!item) throw new Error(`Sample rental of unknown item ${r.itemKey}`);
      const startDate = addDays(today, r.startOffsetDays);
      const endDate = addDays(startDate, r.days - 1);
      // Booked a week before the start (or an hour ago, for one starting sooner).
      const bookedAt = new Date(Math.min(now.getTime() - 3_600_000, Date.parse(`${startDate}T10:00:00Z`) - 7 * DAY_MS));
      // Brought back on the afternoon of the end date (the same day in London, winter or summer),
      // or now if that is still to come: the sample renters return on time.
      const backOnTime = new Date(Math.min(now.getTime(), Date.parse(`${endDate}T15:00:00Z`)));
      const totalPence = lineTotalPence(item.dailyRatePence, r.days);
      const feePence = serviceFeePence(totalPence);
      const renterId = id(userIds, r.renterKey);
      const ownerId = id(userIds, item.ownerKey);
      const [payment] = await tx
        .insert(payments)
        .values({
          renterId,
          subtotalPence: totalPence,
          serviceFeePence: feePence,
          amountPence: totalPence + feePence,
          brand: 'visa',
          last4: '4242',
          provider: 'simulated',
          providerReference: `sample-${n + 1}`,
          status: 'captured',
          createdAt: bookedAt,
          updatedAt: bookedAt,
        })
        .returning({ id: payments.id });
      const paymentId = payment!.id;
      const [rental] = await tx
        .insert(rentals)
        .values({
          itemId: id(itemIds, r.itemKey),
          renterId,
          ownerId,
          paymentId,
          startDate,
          endDate,
          returned: r.returned,
          returnedAt: r.returned ? backOnTime : null,
          totalPence,
          dailyRatePence: item.dailyRatePence,
          createdAt: bookedAt,
        })
        .returning({ id: rentals.id });
      const rentalId = rental!.id;
      const executor = tx as unknown as Db;
      await postTransaction(
        executor,
        checkoutPosting({
          paymentId,
          renterId,
          subtotalPence: totalPence,
          serviceFeePence: feePence,
          lines: [{ rentalId, ownerId, totalPence }],
        }),
        bookedAt,
      );
      const released = r.returned && completionPosting({ rentalId, paymentId, ownerId, ownerPendingPence: totalPence });
      if (released) await postTransaction(executor, released, backOnTime);
    }
    if (SAMPLE_REVIEWS.length > 0) {
      await tx.insert(reviews).values(
        SAMPLE_REVIEWS.map((r) => ({
          rating: r.rating,
          comment: r.comment,
          reviewerId: id(userIds, r.reviewerKey),
          revieweeId: id(userIds, r.revieweeKey),
          itemId: id(itemIds, r.itemKey),
          createdAt: new Date(now.getTime() - r.daysAgo * DAY_MS),
        })),
      );
    }
    await refreshUserRatings(tx as unknown as Db);
  });
  return { items: allItems.length, rentals: SAMPLE_RENTALS.length };
}
