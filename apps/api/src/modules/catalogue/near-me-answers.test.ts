import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { APPROXIMATE_RADIUS_METRES, distanceMetres, NEAR_MESSAGE, roundedMiles } from '@toolshed/core';
import type { ItemDetail, ItemsPage, MapPoints } from '@toolshed/core/contract';
import { createItem, createUser } from '../../test/factories.ts';
import {
  allPages,
  distanceOf,
  expected,
  getJson,
  made,
  NEAR,
  nearMeContext,
  page,
  useNearMeCatalogue,
  within,
  type Made,
} from './near-me-test-fixtures.ts';

/**
 * Near me (decision 022), what the answers say: the map's points, the locations people type and the
 * messages for bad ones, no answer placing an item more exactly than its public point, and a word in
 * another order across all categories. The radius and the orders are in near-me.test.ts.
 */
useNearMeCatalogue();

describe('the map', () => {
  it('gives the public points of the matches, in the browse order, rounded, and says when there are more than it shows', async () => {
    const within5 = await getJson<MapPoints>(`/api/categories/all/items/map?${NEAR}&radius=5`);
    expect(within5.status).toBe(200);
    expect(within5.body.points.map((p) => p.id)).toEqual(expected(within(5), 'nearest'));
    expect(within5.body).toMatchObject({ more: false, near: { radiusMiles: 5 } });
    for (const p of within5.body.points) {
      const item = made.find((m) => m.id === p.id)!;
      expect([p.latitude, p.longitude]).toEqual([
        Math.round(item.point!.latitude * 1000) / 1000,
        Math.round(item.point!.longitude * 1000) / 1000,
      ]);
      expect(p.distanceMiles).toBe(roundedMiles(distanceOf(item)!));
    }
    const cheap = await getJson<MapPoints>('/api/categories/garden-tools/items/map?sort=price&maxPrice=5&page=3');
    expect(cheap.body.points.map((p) => p.id)).toEqual(
      expected((m) => m.categoryId === 'garden-tools' && m.price <= 500 && m.point !== null, 'price'),
    );
    const all = await getJson<MapPoints>('/api/categories/all/items/map');
    expect(all.body.points).toHaveLength(500);
    expect(all.body.more).toBe(true);
    expect(all.body.points.map((p) => p.id)).toEqual(expected((m) => m.point !== null, 'relevance').slice(0, 500));
    expect((await getJson<unknown>('/api/categories/spaceships/items/map')).status).toBe(404);
    expect((await getJson<unknown>('/api/categories/all/items/map?near=%3F%3F')).status).toBe(400);
  });
});

describe('locations people type', () => {
  it('places a postcode and a town with the geocoder, and says where the browse is centred', async () => {
    const postcode = await page('near=ox2%206ae&radius=25');
    expect(postcode.near).toMatchObject({ label: expect.stringMatching(/^OX2?$/), radiusMiles: 25 });
    expect(postcode.items.length).toBeGreaterThan(0);
    const town = await page('near=oxford');
    expect(town.near).toMatchObject({ label: 'Oxford', radiusMiles: null });
    expect(town.sort).toBe('nearest');
  });

  it.each([
    ['near=!!!', 'near', NEAR_MESSAGE],
    ['near=1', 'near', NEAR_MESSAGE],
    [`near=${'x'.repeat(61)}`, 'near', NEAR_MESSAGE],
    ['near=40.71,-74.0', 'near', NEAR_MESSAGE],
    ['near=Atlantis', 'near', `"Atlantis" was not found. ${NEAR_MESSAGE}`],
    ['near=QQ9', 'near', `"QQ9" was not found. ${NEAR_MESSAGE}`],
    [`${NEAR}&radius=7`, 'radius', 'Distance must be 1, 3, 5, 10, 25 or 50 miles, or any'],
    [`${NEAR}&radius=-5`, 'radius', 'Distance must be 1, 3, 5, 10, 25 or 50 miles, or any'],
    [`${NEAR}&radius=five`, 'radius', 'Distance must be 1, 3, 5, 10, 25 or 50 miles, or any'],
    ['radius=5', 'near', `${NEAR_MESSAGE} to find things within 5 miles`],
    ['sort=nearest', 'near', `${NEAR_MESSAGE} to see the nearest first`],
    ['sort=cheapest', 'sort', 'Sort must be one of: Nearest, Lowest price, Highest rated, Newest'],
  ])('refuses %s: 400 on %s, saying %j', async (query, field, message) => {
    const { status, body } = await getJson<{ error: { code: string; message: string; field: string } }>(
      `/api/categories/all/items?${query}`,
    );
    expect(status).toBe(400);
    expect(body.error).toEqual({ code: 'VALIDATION', message, field });
  });
});

describe('privacy', () => {
  it('no answer places an item more exactly than its public point, which is a few hundred metres from it', async () => {
    const owner = await createUser(nearMeContext().database.db, { name: 'Private Owner', rating: 5 });
    const home = { latitude: 51.7612345, longitude: -1.2456789 };
    const item = await createItem(nearMeContext().database.db, owner.id, {
      name: 'Private Wheelbarrow',
      categoryId: 'moving-equipment',
      address: '7 Secret Close',
      postcode: 'OX2 7AB',
      city: 'Oxford',
      ...home,
    });
    const answers = [
      await getJson<ItemsPage>(`/api/categories/moving-equipment/items?${NEAR}&radius=5`),
      await getJson<ItemsPage>(`/api/categories/moving-equipment/items?${NEAR}&sort=price`),
      await getJson<ItemsPage>('/api/categories/moving-equipment/items'),
      await getJson<ItemDetail>(`/api/items/${item.id}`),
    ];
    for (const { body } of answers) {
      const text = JSON.stringify(body);
      expect(text).not.toContain('Secret Close');
      expect(text).not.toContain('7AB');
      // Neither the geocoded point nor anything finer than three decimals of a degree.
      expect(text).not.toContain('51.7612');
      expect(text).not.toContain('-1.2456');
      expect(text).not.toMatch(/"(latitude|longitude)":-?\d+\.\d{4,}/);
    }
    const detail = answers[3]!.body as ItemDetail;
    const shown = { latitude: detail.location.latitude!, longitude: detail.location.longitude! };
    for (const v of [shown.latitude, shown.longitude]) expect(Math.abs(v * 1000 - Math.round(v * 1000))).toBeLessThan(1e-6);
    const metres = distanceMetres(home, shown);
    expect(metres).toBeGreaterThan(180);
    expect(metres).toBeLessThan(APPROXIMATE_RADIUS_METRES);
    // Cards carry a distance in tenths of a mile, never coordinates.
    const card = (answers[0]!.body as ItemsPage).items.find((i) => i.id === item.id)!;
    expect(Object.keys(card)).not.toContain('latitude');
    expect(Math.abs(card.distanceMiles! * 10 - Math.round(card.distanceMiles! * 10))).toBeLessThan(1e-9);
    // The public point stays put while the item does, and moves with it.
    await nearMeContext().database.db.execute(
      sql`update items set latitude = ${home.latitude}::float8, name = 'Private Wheelbarrow' where id = ${item.id}`,
    );
    expect((await getJson<ItemDetail>(`/api/items/${item.id}`)).body.location).toEqual(detail.location);
    const [row] = await nearMeContext()
      .database.db.execute(sql`update items set latitude = 53.8, longitude = -1.55 where id = ${item.id} returning public_latitude`)
      .then((r) => (r as unknown as { rows: { public_latitude: number }[] }).rows);
    expect(Math.abs(row!.public_latitude - 53.8)).toBeLessThan(0.01);
  });
});

describe('a word in another order, anywhere', () => {
  it.each(['nearest', 'price', 'rating'] as const)(
    '%s: the matches of a word, page after page, in the order a walk gives',
    async (sort) => {
      for (const [query, filter] of [
        // Not 'drill': the factory's items (the privacy test's) say it too.
        ['search=sander', (m: Made) => m.text.includes('sander')],
        [`search=cordless&maxPrice=20&minRating=4`, (m: Made) => m.text.includes('cordless') && m.price <= 2000 && (m.rating ?? 0) >= 4],
      ] as const) {
        const { ids, first } = await allPages(`${NEAR}&sort=${sort}&${query}`);
        const want = expected(filter, sort);
        expect(want.length).toBeGreaterThan(24);
        expect(ids, query).toEqual(want);
        expect(first.total, query).toBe(Math.min(want.length, 1000));
      }
    },
  );

  it('relevance over two words: both words first (the name before the description), then either, by tier and newest within each, page after page', async () => {
    // Relevance is the order without a location (it has no name in the address).
    const { ids, first } = await allPages('search=sander+cordless');
    // Not 'batteries': the factory's item (the privacy test's) says it too.
    const forms: Record<string, RegExp> = { sander: /\bsanders?\b/, cordless: /\bcordless\b/ };
    const has = (m: Made, word: string) => forms[word]!.test(m.text);
    const byTier = expected((m) => has(m, 'sander') || has(m, 'cordless'), 'relevance');
    // Core's points: a clause met 100, typed in the name 15, typed in the description 5.
    const score = (m: Made) => (has(m, 'sander') ? 115 : 0) + (has(m, 'cordless') ? 105 : 0);
    const scores = new Map(made.map((m) => [m.id, score(m)]));
    const want = [...byTier].sort((a, b) => scores.get(b)! - scores.get(a)!);
    expect(want.length).toBeLessThan(made.length);
    expect(want.length).toBeGreaterThan(50);
    expect(ids).toEqual(want);
    expect(first.total).toBe(Math.min(want.length, 1000));
  });
});
