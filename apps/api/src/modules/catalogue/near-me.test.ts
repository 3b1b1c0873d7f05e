import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, pointAt, roundedMiles } from '@toolshed/core';
import type { ItemDetail } from '@toolshed/core/contract';
import { createItem, createUser } from '../../test/factories.ts';
import {
  allPages,
  distanceOf,
  expected,
  getJson,
  made,
  miles,
  NEAR,
  nearMeContext,
  ORIGIN,
  page,
  today,
  useNearMeCatalogue,
  within,
  type Made,
} from './near-me-test-fixtures.ts';

/**
 * Near me (decision 022) on whichever database the suite runs on: the radius as a filter of the same
 * browse query, with every other filter, and every order over every page. The map, the locations
 * people type and privacy are in near-me-answers.test.ts.
 */
useNearMeCatalogue();

describe('the radius', () => {
  it('takes in an item at 4.9 miles and leaves out one at 5.1, and every card says how far, rounded', async () => {
    const owner = await createUser(nearMeContext().database.db, { name: 'Boundary Owner', rating: 4 });
    const place = (distance: number, bearing: number) => pointAt(ORIGIN, miles(distance), bearing);
    const inside = await createItem(nearMeContext().database.db, owner.id, {
      name: 'Boundary Inside Kettle',
      categoryId: 'kitchen-appliances',
    });
    const outside = await createItem(nearMeContext().database.db, owner.id, {
      name: 'Boundary Outside Kettle',
      categoryId: 'kitchen-appliances',
    });
    const [a, b] = [place(4.9, 1), place(5.1, 4)];
    await nearMeContext().database.db.execute(
      sql`update items set public_latitude = ${a.latitude}::float8, public_longitude = ${a.longitude}::float8 where id = ${inside.id}`,
    );
    await nearMeContext().database.db.execute(
      sql`update items set public_latitude = ${b.latitude}::float8, public_longitude = ${b.longitude}::float8 where id = ${outside.id}`,
    );

    const five = await page(`${NEAR}&radius=5`, 'kitchen-appliances');
    expect(five.items.map((i) => i.name)).toEqual(['Boundary Inside Kettle']);
    expect(five.items[0]!.distanceMiles).toBe(4.9);
    expect(five).toMatchObject({ total: 1, sort: 'nearest', near: { label: 'a point near Jericho', radiusMiles: 5 } });
    const ten = await page(`${NEAR}&radius=10`, 'kitchen-appliances');
    expect(ten.items.map((i) => [i.name, i.distanceMiles])).toEqual([
      ['Boundary Inside Kettle', 4.9],
      ['Boundary Outside Kettle', 5.1],
    ]);
    // Any distance: both, nearest first; without a location, no distances at all.
    expect((await page(NEAR, 'kitchen-appliances')).items.map((i) => i.name)).toEqual([
      'Boundary Inside Kettle',
      'Boundary Outside Kettle',
    ]);
    expect((await page('', 'kitchen-appliances')).items.every((i) => i.distanceMiles === undefined)).toBe(true);
    // The popup, asked with the same place, says the same distance as the card.
    expect((await getJson<ItemDetail>(`/api/items/${inside.id}?${NEAR}`)).body.distanceMiles).toBe(4.9);
    expect((await getJson<ItemDetail>(`/api/items/${inside.id}`)).body.distanceMiles).toBeUndefined();
    expect((await getJson<{ error: { field: string } }>(`/api/items/${inside.id}?near=%3F%3F`)).body.error.field).toBe('near');
    // Out of the way of the browses below, which work out their answers from the generated items.
    await nearMeContext().database.db.execute(sql`update items set deleted_at = now() where id in (${inside.id}, ${outside.id})`);
  });

  it.each([1, 3, 5, 10, 25, 50])(
    'within %i miles: exactly the items whose public point is that close, nearest first, counted right',
    async (radius) => {
      const { ids, first, pages } = await allPages(`${NEAR}&radius=${radius}`);
      const want = expected(within(radius), 'nearest');
      expect(ids).toEqual(want);
      expect(first.total).toBe(Math.min(want.length, 1000));
      expect(first.totalCapped).toBe(want.length > 1000);
      for (const card of pages.flatMap((p) => p.items)) {
        const item = made.find((m) => m.id === card.id)!;
        expect(card.distanceMiles).toBe(roundedMiles(distanceOf(item)!));
        expect(card.distanceMiles!).toBeLessThanOrEqual(radius);
      }
    },
  );
});

describe('the radius with every other filter', () => {
  const soon = `startDate=${addDays(today, 4)}&endDate=${addDays(today, 6)}`;
  const cases: Array<[string, string, string, (m: Made) => boolean]> = [
    ['words', 'all', 'search=drill', (m) => m.text.includes('drill')],
    // Two words: those with both first, then those with either (decision 025); any order here is by the sort asked.
    ['two words', 'all', 'search=batteries+saw', (m) => m.text.includes('batteries') || m.text.includes('saw')],
    ['a common word', 'all', 'search=sturdy', (m) => m.text.includes('sturdy')],
    ['a category', 'garden-tools', '', (m) => m.categoryId === 'garden-tools'],
    ['a maximum price', 'all', 'maxPrice=12', (m) => m.price <= 1200],
    ['dates', 'all', soon, (m) => !m.bookedSoon],
    ['a minimum rating', 'all', 'minRating=4.5', (m) => (m.rating ?? 0) >= 4.5],
    [
      'all of them',
      'power-tools',
      `search=cordless&maxPrice=25&minRating=3&${soon}`,
      (m) => m.categoryId === 'power-tools' && m.text.includes('cordless') && m.price <= 2500 && (m.rating ?? 0) >= 3 && !m.bookedSoon,
    ],
  ];
  const sorts = ['nearest', 'price', 'rating', 'newest'] as const;

  it.each(cases)('within 10 miles, with %s, in every order, page after page', async (_, category, query, filter) => {
    for (const sort of sorts) {
      const { ids, first } = await allPages(`${NEAR}&radius=10&sort=${sort}&${query}`, category);
      const want = expected((m) => within(10)(m) && filter(m), sort);
      expect(ids, sort).toEqual(want);
      expect(first.total, sort).toBe(Math.min(want.length, 1000));
    }
  });

  it('within 25 miles, more than the count bound: each order is walked from its index, with no duplicate and none missing', async () => {
    for (const sort of sorts) {
      const { ids, first } = await allPages(`${NEAR}&radius=25&sort=${sort}`);
      const want = expected(within(25), sort);
      expect(want.length).toBeGreaterThan(1000);
      expect(new Set(ids).size, sort).toBe(ids.length);
      expect(ids, sort).toEqual(want);
      expect(first).toMatchObject({ total: 1000, totalCapped: true });
    }
  });
});

describe('a word within a radius', () => {
  it('pages a word within 25 miles as the circle would, in every order', async () => {
    for (const sort of ['nearest', 'price', 'rating', 'newest'] as const) {
      const { ids, first } = await allPages(`${NEAR}&radius=25&sort=${sort}&search=sander`);
      const want = expected((m) => within(25)(m) && m.text.includes('sander'), sort);
      expect(want.length).toBeGreaterThan(100);
      expect(ids, sort).toEqual(want);
      expect(first.total, sort).toBe(Math.min(want.length, 1000));
    }
  });
});

describe('orders without a radius', () => {
  it.each([
    ['nearest first from a location, items without one last', `${NEAR}`, 'nearest', () => true],
    ['relevance by default: photos and rated owners first', '', 'relevance', () => true],
    ['lowest price', 'sort=price', 'price', () => true],
    ['highest rated', 'sort=rating', 'rating', () => true],
    ['newest', 'sort=newest', 'newest', () => true],
    ['relevance with a word', 'search=mower', 'relevance', (m: Made) => m.text.includes('mower')],
    ['lowest price with a price limit', 'sort=price&maxPrice=20', 'price', (m: Made) => m.price <= 2000],
    ['highest rated with dates', `sort=rating&startDate=${addDays(today, 3)}`, 'rating', (m: Made) => !m.bookedSoon],
    ['nearest with a word', `${NEAR}&search=ladder`, 'nearest', (m: Made) => m.text.includes('ladder')],
    [
      'nearest with two words',
      `${NEAR}&search=batteries%20cordless`,
      'nearest',
      (m: Made) => m.text.includes('batteries') && m.text.includes('cordless'),
    ],
    // Sorted from the keys the scored matches carry (scored-sql.ts).
    ['lowest price with a word', 'sort=price&search=mower', 'price', (m: Made) => m.text.includes('mower')],
    ['highest rated with a word', 'sort=rating&search=ladder', 'rating', (m: Made) => m.text.includes('ladder')],
    ['nearest with a price limit, over the bound', `${NEAR}&maxPrice=29`, 'nearest', (m: Made) => m.price <= 2900],
  ] as const)('%s: every page in order, none twice, none missing', async (_, query, sort, filter) => {
    const { ids, first } = await allPages(query);
    const want = expected(filter, sort);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(want);
    expect(first.sort).toBe(sort);
    // Unfiltered browses take their exact total from the maintained counts; filtered ones count to the bound.
    expect(first.total).toBe(first.totalCapped ? 1000 : want.length);
    expect(first.totalCapped).toBe(
      want.length > 1000 &&
        query
          .replace(NEAR, '')
          .replace(/sort=\w+/, '')
          .replace(/&/g, '') !== '',
    );
  });

  it('a location without a radius narrows nothing: the same total as without it, with distances', async () => {
    const near = await page(NEAR);
    const plain = await page('');
    expect(near.total).toBe(plain.total);
    expect(near.items.every((i) => typeof i.distanceMiles === 'number')).toBe(true);
    const last = await page(`${NEAR}&pageSize=100&page=13`);
    // The items without a location come last, with no distance.
    expect(last.items.at(-1)?.distanceMiles).toBeNull();
  });
});
