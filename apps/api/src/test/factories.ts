import { randomUUID } from 'node:crypto';
import { CATEGORIES, addDays, todayInLondon } from '@toolshed/core';
import type { Db } from '../db/database.ts';
import { categories, itemImages, items, rentals, users } from '../db/schema.ts';

/** Small builders shared by API tests: each inserts real rows and returns what it made. */
export async function insertCategories(db: Db): Promise<void> {
  await db
    .insert(categories)
    .values(CATEGORIES.map((c, position) => ({ ...c, position })))
    .onConflictDoNothing();
}

let counter = 0;

export async function createUser(db: Db, overrides: Partial<typeof users.$inferInsert> = {}) {
  counter += 1;
  const [row] = await db
    .insert(users)
    .values({
      id: randomUUID(),
      name: `Test User ${counter}`,
      email: `user${counter}-${randomUUID()}@example.com`,
      emailVerified: true,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createItem(db: Db, ownerId: string, overrides: Partial<typeof items.$inferInsert> = {}) {
  const [row] = await db
    .insert(items)
    .values({
      ownerId,
      categoryId: 'power-tools',
      name: 'Cordless drill',
      description: 'A sturdy 18V drill with two batteries.',
      dailyRatePence: 1000,
      minDays: 1,
      maxDays: 7,
      address: '1 High Street',
      city: 'Leeds',
      postcode: 'LS1 1AA',
      latitude: 53.7997,
      longitude: -1.5492,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function addImage(db: Db, itemId: string, position: number) {
  await db.insert(itemImages).values({
    itemId,
    position,
    largeKey: `items/${itemId}/${position}-large.webp`,
    thumbKey: `items/${itemId}/${position}-thumb.webp`,
    width: 600,
    height: 400,
  });
}

/** A rental `offset` days from today lasting `days` days. */
export async function createRental(
  db: Db,
  item: { id: string; ownerId: string },
  renterId: string,
  offset: number,
  days: number,
  extra: Partial<typeof rentals.$inferInsert> = {},
) {
  const startDate = addDays(todayInLondon(), offset);
  const [row] = await db
    .insert(rentals)
    .values({
      itemId: item.id,
      ownerId: item.ownerId,
      renterId,
      startDate,
      endDate: addDays(startDate, days - 1),
      totalPence: 1000 * days,
      ...extra,
    })
    .returning();
  return row!;
}
