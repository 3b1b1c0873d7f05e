import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, METRES_PER_MILE, pointAt, todayInLondon, type GeoPoint } from '@toolshed/core';
import type { ItemsPage } from '@toolshed/core/contract';
import { rentals } from '../../db/schema.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createItem, createUser, insertCategories } from '../../test/factories.ts';

/**
 * A browse within a radius that finds nothing names the nearest matches beyond it (nearest-sql.ts):
 * the town of the nearest, its distance rounded as cards say it, the smallest radius that reaches it
 * and how many matches lie within three miles of it inside that radius. The items' public points are
 * placed exactly, at known distances and bearings from the origin.
 */
let ctx: TestContext;
const db = () => ctx.database.db;
const ORIGIN: GeoPoint = { latitude: 51.752, longitude: -1.258 };
const NEAR = `near=${ORIGIN.latitude},${ORIGIN.longitude}`;
const EAST = Math.PI / 2;
const NORTH_EAST = Math.PI / 4;
const SOUTH_EAST = (3 * Math.PI) / 4;
const SOUTH_WEST = (5 * Math.PI) / 4;
const miles = (n: number) => n * METRES_PER_MILE;
const today = todayInLondon();

async function place(name: string, point: GeoPoint, overrides: Parameters<typeof createItem>[2] = {}) {
  const owner = await createUser(db(), { name: `${name} Owner`, rating: 4 });
  const item = await createItem(db(), owner.id, { name, categoryId: 'garden-tools', ...overrides });
  await db().execute(
    sql`update items set public_latitude = ${point.latitude}::float8, public_longitude = ${point.longitude}::float8 where id = ${item.id}`,
  );
  return item;
}

async function page(query: string, category = 'garden-tools'): Promise<ItemsPage> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/categories/${category}/items?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ItemsPage;
}

// The nearest garden tool, 23.6 miles south-east, with two more across the line to the origin (1 and
// 1.5 miles from it, so about as far); one 2.2 miles past it, 25.8 from the origin (beyond the radius
// that reaches the nearest), and one 5.5 miles across, inside 25 miles but not near it.
const nearest = pointAt(ORIGIN, miles(23.6), SOUTH_EAST);
let dearest: { id: string; ownerId: string };

beforeAll(async () => {
  ctx = await createTestApp({ env: { BROWSE_CACHE_MS: '0' } });
  await insertCategories(db());
  dearest = await place('Nearest Rake', nearest, { city: 'Reading', dailyRatePence: 2500 });
  await place('Second Rake', pointAt(nearest, miles(1), NORTH_EAST), { city: 'Reading', dailyRatePence: 800 });
  await place('Third Rake', pointAt(nearest, miles(1.5), SOUTH_WEST), { city: 'Reading', dailyRatePence: 800 });
  await place('Beyond Rake', pointAt(ORIGIN, miles(25.8), SOUTH_EAST), { city: 'Reading', dailyRatePence: 800 });
  await place('Apart Rake', pointAt(nearest, miles(5.5), NORTH_EAST), { city: 'Wokingham', dailyRatePence: 800 });
  // Across all categories a power tool is nearer, 12.3 miles east, with no town given.
  await place('Lone Drill', pointAt(ORIGIN, miles(12.3), EAST), { categoryId: 'power-tools', city: null });
  // In the kitchen, the only item is 60 miles away: no radius reaches it.
  await place('Far Kettle', pointAt(ORIGIN, miles(60), 0), { categoryId: 'kitchen-appliances', city: 'Coventry' });
});

afterAll(async () => {
  await ctx?.close();
});

describe('nothing within the radius', () => {
  it('names the town of the nearest match, how far it is, the radius that reaches it and how many are there', async () => {
    const five = await page(`${NEAR}&radius=5`);
    expect(five.total).toBe(0);
    expect(five.items).toEqual([]);
    // Nearest, Second and Third: Beyond is past 25 miles, Apart more than three miles from the nearest.
    expect(five.nearest).toEqual({ city: 'Reading', distanceMiles: 24, radiusMiles: 25, total: 3 });
    // The radius it names finds them.
    const wider = await page(`${NEAR}&radius=25`);
    expect(wider.items.map((i) => i.name)).toEqual(expect.arrayContaining(['Nearest Rake', 'Second Rake', 'Third Rake']));
    expect(wider.items.map((i) => i.name)).not.toContain('Beyond Rake');
    expect(wider.nearest).toBeUndefined();
    // A radius of 10 finds nothing either, and names the same.
    expect((await page(`${NEAR}&radius=10`)).nearest).toEqual(five.nearest);
  });

  it('keeps every other filter: the nearest is the nearest match, and so are those counted around it', async () => {
    // Under £10 the nearest rake is left out: the second is nearest, with the third near it.
    const cheap = await page(`${NEAR}&radius=5&maxPrice=10`);
    expect(cheap.nearest).toEqual({ city: 'Reading', distanceMiles: 24, radiusMiles: 25, total: 2 });
    // Booked on the dates asked, the nearest is left out the same way.
    const renter = await createUser(db(), { name: 'Nearest Renter' });
    const [start, end] = [addDays(today, 3), addDays(today, 4)];
    await db()
      .insert(rentals)
      .values({ itemId: dearest.id, ownerId: dearest.ownerId, renterId: renter.id, startDate: start, endDate: end, totalPence: 5000 });
    expect((await page(`${NEAR}&radius=5&startDate=${start}&endDate=${end}`)).nearest).toEqual(cheap.nearest);
    expect((await page(`${NEAR}&radius=5`)).nearest).toMatchObject({ total: 3 });
    // Rated 4.5 or more: no owner is, so nothing matches anywhere and nothing is named.
    const rated = await page(`${NEAR}&radius=5&minRating=4.5`);
    expect(rated.total).toBe(0);
    expect(rated.nearest).toBeUndefined();
  });

  it('across all categories names the nearest of all, with no town when its listing gives none', async () => {
    expect((await page(`${NEAR}&radius=5`, 'all')).nearest).toEqual({ city: null, distanceMiles: 12, radiusMiles: 25, total: 1 });
    expect((await page(`${NEAR}&radius=1`, 'power-tools')).nearest).toEqual({ city: null, distanceMiles: 12, radiusMiles: 25, total: 1 });
  });

  it('says no radius reaches a match further than the largest, and counts around it at any distance', async () => {
    const kitchen = await page(`${NEAR}&radius=50`, 'kitchen-appliances');
    expect(kitchen.nearest).toEqual({ city: 'Coventry', distanceMiles: 60, radiusMiles: null, total: 1 });
    expect((await page(NEAR, 'kitchen-appliances')).items.map((i) => i.name)).toEqual(['Far Kettle']);
  });

  it('names nothing when something is found, when nothing matches anywhere, or with words (their relaxations widen the radius)', async () => {
    expect((await page(`${NEAR}&radius=25`)).nearest).toBeUndefined();
    expect((await page(`${NEAR}&radius=5`, 'camping-gear')).nearest).toBeUndefined();
    const words = await page(`${NEAR}&radius=5&search=rake`);
    expect(words.nearest).toBeUndefined();
    expect(words.relaxations).toEqual([{ filter: 'radius', radiusMiles: 25, total: 4 }]);
  });
});
