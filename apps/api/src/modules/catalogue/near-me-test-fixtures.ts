import { afterAll, beforeAll, expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, distanceMetres, METRES_PER_MILE, pointAt, todayInLondon, type GeoPoint } from '@toolshed/core';
import type { ItemsPage } from '@toolshed/core/contract';
import { itemImages, items, rentals } from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createUser, insertCategories } from '../../test/factories.ts';

/**
 * The catalogue the near-me tests browse (decision 022): 1,300 items around Oxford, more than the
 * count's bound within 25 miles, in three categories, with owners of several ratings, photos on most,
 * a few without a location and a tenth booked soon; and what a browse of them should answer, worked
 * out from what was inserted.
 */

let ctx: TestContext | undefined;
export const today = todayInLondon();
/** Oxford, given as a point so the tests do not depend on the geocoder's tables. */
export const ORIGIN: GeoPoint = { latitude: 51.752, longitude: -1.258 };
export const NEAR = `near=${ORIGIN.latitude},${ORIGIN.longitude}`;

export interface Made {
  id: string;
  name: string;
  text: string;
  categoryId: string;
  price: number;
  rating: number | null;
  photo: boolean;
  createdAt: number;
  point: GeoPoint | null;
  bookedSoon: boolean;
}
export const made: Made[] = [];

/** mulberry32: the same items on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const miles = (n: number) => n * METRES_PER_MILE;

export async function getJson<T>(url: string): Promise<{ status: number; body: T }> {
  const res = await nearMeContext().app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as T };
}

export async function page(query: string, category = 'all'): Promise<ItemsPage> {
  const { status, body } = await getJson<ItemsPage>(`/api/categories/${category}/items?${query}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

/** Every page of a browse, 100 at a time, until an empty or short page. */
export async function allPages(query: string, category = 'all'): Promise<{ ids: string[]; first: ItemsPage; pages: ItemsPage[] }> {
  const pages: ItemsPage[] = [];
  for (let n = 1; n < 40; n++) {
    const p = await page(`${query}&pageSize=100&page=${n}`, category);
    pages.push(p);
    if (p.items.length < 100) break;
  }
  return { ids: pages.flatMap((p) => p.items.map((i) => i.id)), first: pages[0]!, pages };
}

export const distanceOf = (item: Made) => (item.point ? distanceMetres(ORIGIN, item.point) : null);
const newestFirst = (a: Made, b: Made) => b.createdAt - a.createdAt;

/** What the browse should answer, worked out here from what was inserted. */
export function expected(filter: (item: Made) => boolean, sort: 'nearest' | 'price' | 'rating' | 'newest' | 'relevance'): string[] {
  const found = made.filter(filter);
  const by: Record<typeof sort, (a: Made, b: Made) => number> = {
    newest: newestFirst,
    relevance: (a, b) => Number(!(a.photo && a.rating !== null)) - Number(!(b.photo && b.rating !== null)) || newestFirst(a, b),
    price: (a, b) => a.price - b.price || newestFirst(a, b),
    rating: (a, b) => (b.rating ?? -1) - (a.rating ?? -1) || newestFirst(a, b),
    nearest: (a, b) => (distanceOf(a) ?? Infinity) - (distanceOf(b) ?? Infinity) || newestFirst(a, b),
  };
  return found.sort(by[sort]).map((i) => i.id);
}

export const within = (radiusMiles: number) => (item: Made) =>
  item.point !== null && distanceMetres(ORIGIN, item.point) <= miles(radiusMiles);

async function listCatalogue(): Promise<void> {
  // Test files share this module within a worker (vitest's isolate: false): each lists its own.
  made.length = 0;
  ctx = await createTestApp({ env: { BROWSE_CACHE_MS: '0' } });
  const db = ctx.database.db;
  await insertCategories(db);
  const owners = [
    { id: (await createUser(db, { name: 'Star', rating: 4.8, totalRatings: 9 })).id, rating: 4.8 },
    { id: (await createUser(db, { name: 'Fair', rating: 3.2, totalRatings: 3 })).id, rating: 3.2 },
    { id: (await createUser(db, { name: 'New', rating: null, totalRatings: 0 })).id, rating: null },
    { id: (await createUser(db, { name: 'Good', rating: 4.5, totalRatings: 5 })).id, rating: 4.5 },
  ];
  const random = seeded(22);
  const categories = ['power-tools', 'garden-tools', 'diy-hand-tools'];
  const nouns = ['Drill', 'Ladder', 'Mower', 'Saw', 'Sander'];
  const start = Date.UTC(2026, 0, 1);
  // 1,300 items: more than the count's bound within 25 miles, so both ways of ordering a page are
  // used (sorting the counted matches, and walking an index in order); a few have no location.
  const rows = Array.from({ length: 1300 }, (_, n) => {
    const owner = owners[Math.floor(random() * owners.length)]!;
    const noun = nouns[Math.floor(random() * nouns.length)]!;
    const located = n % 97 !== 5;
    const point = located ? pointAt(ORIGIN, miles(0.2 + random() * 28), random() * 2 * Math.PI) : null;
    return {
      owner,
      row: {
        ownerId: owner.id,
        categoryId: categories[Math.floor(random() * categories.length)]!,
        name: `${noun} ${n}`,
        description: random() < 0.5 ? 'Cordless, with two batteries' : 'Sturdy and clean',
        dailyRatePence: 100 + Math.floor(random() * 60) * 50,
        createdAt: new Date(start + n * 60_000),
        latitude: point ? point.latitude : null,
        longitude: point ? point.longitude : null,
      },
      point,
      photo: random() < 0.7,
      bookedSoon: random() < 0.1,
    };
  });
  const inserted = await db
    .insert(items)
    .values(rows.map((r) => r.row))
    .returning({ id: items.id });
  rows.forEach((r, n) => {
    made.push({
      id: inserted[n]!.id,
      name: r.row.name,
      text: `${r.row.name} ${r.row.description}`.toLowerCase(),
      categoryId: r.row.categoryId,
      price: r.row.dailyRatePence,
      rating: r.owner.rating,
      photo: r.photo,
      createdAt: r.row.createdAt.getTime(),
      point: r.point,
      bookedSoon: r.bookedSoon,
    });
  });
  // The tests place the public points exactly (the trigger drew random ones on insert).
  const located = made.filter((m) => m.point);
  await db.execute(sql`update items set public_latitude = v.lat, public_longitude = v.lon
    from (values ${sql.join(
      located.map((m) => sql`(${m.id}::uuid, ${m.point!.latitude}::float8, ${m.point!.longitude}::float8)`),
      sql`, `,
    )}) v(id, lat, lon) where items.id = v.id`);
  const withPhoto = made.filter((m) => m.photo);
  await db.insert(itemImages).values(
    withPhoto.map((m) => ({
      itemId: m.id,
      position: 0,
      largeKey: `items/${m.id}/l.webp`,
      thumbKey: `items/${m.id}/t.webp`,
      width: 600,
      height: 400,
    })),
  );
  const renter = await createUser(db, { name: 'Renter' });
  const ownerOf = new Map(rows.map((r, n) => [made[n]!.id, r.row.ownerId]));
  await db.insert(rentals).values(
    made
      .filter((m) => m.bookedSoon)
      .map((m) => ({
        itemId: m.id,
        ownerId: ownerOf.get(m.id)!,
        renterId: renter.id,
        startDate: addDays(today, 3),
        endDate: addDays(today, 5),
        totalPence: 3000,
      })),
  );
  await db.execute(sql`analyze items`);
}

/** The app the catalogue is listed in. */
export function nearMeContext(): TestContext {
  if (!ctx) throw new Error('useNearMeCatalogue() lists the catalogue before the tests');
  return ctx;
}

/** Lists the catalogue before the file's tests (each test file its own app and database) and closes it after. */
export function useNearMeCatalogue(): void {
  beforeAll(listCatalogue, 120_000);
  afterAll(async () => {
    await ctx?.close();
    ctx = undefined;
  });
}
