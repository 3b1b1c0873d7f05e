import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, APPROXIMATE_RADIUS_METRES, distanceMetres, FILTER_FIELD_LABELS, todayInLondon, type FilterField } from '@toolshed/core';
import type { CategoriesResponse, ItemDetail, ItemsPage } from '@toolshed/core/contract';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { addImage, createItem, createRental, createUser, insertCategories } from '../../test/factories.ts';

let ctx: TestContext;
const today = todayInLondon();
const ids: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  await insertCategories(db);
  const star = await createUser(db, { name: 'Star Owner', rating: 4.8, totalRatings: 12 });
  const okay = await createUser(db, { name: 'Okay Owner', rating: 3.5, totalRatings: 4 });
  const fresh = await createUser(db, { name: 'Unrated Owner', rating: null, totalRatings: 0 });
  const renter = await createUser(db, { name: 'Renter' });
  ids.renter = renter.id;
  const drill = await createItem(db, star.id, {
    name: 'Cordless Drill',
    description: 'Makita 18V with two batteries',
    dailyRatePence: 800,
    createdAt: new Date('2026-01-01'),
  });
  const mower = await createItem(db, okay.id, {
    name: 'Petrol Lawn Mower',
    description: 'Self-propelled, 46cm cut',
    categoryId: 'garden-tools',
    dailyRatePence: 2000,
    createdAt: new Date('2026-01-02'),
  });
  const saw = await createItem(db, fresh.id, {
    name: 'Circular Saw',
    description: '100% reliable, cuts sheet material',
    dailyRatePence: 1250,
    createdAt: new Date('2026-01-03'),
  });
  const ladder = await createItem(db, star.id, {
    name: 'Extension Ladder',
    description: 'Aluminium, reaches 7 metres',
    categoryId: 'diy-hand-tools',
    dailyRatePence: 1500,
    createdAt: new Date('2026-01-04'),
  });
  await createItem(db, star.id, { name: 'Hidden Hedge Trimmer', categoryId: 'garden-tools', available: false });
  await createItem(db, star.id, { name: 'Deleted Strimmer', categoryId: 'garden-tools', deletedAt: new Date() });
  Object.assign(ids, { drill: drill.id, mower: mower.id, saw: saw.id, ladder: ladder.id, star: star.id });
  for (const p of [0, 1, 2]) await addImage(db, drill.id, p);
  // Drill booked days 3..5 from today; a returned and a cancelled rental overlapping day 10 must not block.
  await createRental(db, drill, renter.id, 3, 3);
  await createRental(db, drill, renter.id, 10, 2, { returned: true });
  await createRental(db, drill, renter.id, 10, 2, { cancelledAt: new Date() });
  await createRental(db, drill, renter.id, -20, 2, { returned: true });
  await createRental(db, ladder, renter.id, -1, 3);
});

afterAll(async () => {
  await ctx?.close();
});

async function getJson<T>(url: string): Promise<{ status: number; body: T }> {
  const res = await ctx.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as T };
}

const names = (page: ItemsPage) => page.items.map((i) => i.name);

describe('GET /api/categories', () => {
  it('lists the eleven categories in order with counts of listed items only', async () => {
    const { status, body } = await getJson<CategoriesResponse>('/api/categories');
    expect(status).toBe(200);
    expect(body.categories).toHaveLength(11);
    expect(body.categories[0]).toMatchObject({ id: 'garden-tools', name: 'Garden Tools', itemCount: 1 });
    expect(body.categories.find((c) => c.id === 'power-tools')?.itemCount).toBe(2);
    expect(body.categories.find((c) => c.id === 'camping-gear')?.itemCount).toBe(0);
    expect(body.totalItems).toBe(4);
  });

  it('gives each category tile the first photo of its newest listed item that has one', async () => {
    const hidden = await createItem(ctx.database.db, ids.star!, { name: 'Hidden Tent', categoryId: 'camping-gear', available: false });
    await addImage(ctx.database.db, hidden.id, 0);
    const { body } = await getJson<CategoriesResponse>('/api/categories');
    const { body: drill } = await getJson<ItemDetail>(`/api/items/${ids.drill}`);
    // The saw is newer but has no photo: the drill's first photo stands for Power Tools.
    expect(body.categories.find((c) => c.id === 'power-tools')?.picture).toEqual({
      url: drill.images[0]!.url,
      thumbUrl: drill.images[0]!.thumbUrl,
      alt: 'Cordless Drill',
    });
    // No listed item with a photo: no picture (a hidden item's photo is never shown).
    expect(body.categories.find((c) => c.id === 'garden-tools')?.picture).toBeNull();
    expect(body.categories.find((c) => c.id === 'camping-gear')?.picture).toBeNull();
  });
});

describe('GET /api/categories/:id/items', () => {
  it('lists all items, those with photos and a rated owner first, newest first within each, with owner, price and first image', async () => {
    const { status, body } = await getJson<ItemsPage>('/api/categories/all/items');
    expect(status).toBe(200);
    expect(body.category).toMatchObject({ id: 'all', name: 'All Items' });
    expect(body.sort).toBe('relevance');
    // Only the drill has photos (and a rated owner): it leads; the rest are newest first.
    expect(names(body)).toEqual(['Cordless Drill', 'Extension Ladder', 'Circular Saw', 'Petrol Lawn Mower']);
    const newest = await getJson<ItemsPage>('/api/categories/all/items?sort=newest');
    expect(names(newest.body)).toEqual(['Extension Ladder', 'Circular Saw', 'Petrol Lawn Mower', 'Cordless Drill']);
    expect(body.total).toBe(4);
    const drill = body.items.find((i) => i.id === ids.drill)!;
    expect(drill).toMatchObject({ dailyRatePence: 800, city: 'Leeds', owner: { name: 'Star Owner', rating: 4.8, totalRatings: 12 } });
    expect(drill.image?.thumbUrl).toMatch(/^\/media\/items\/.+-thumb\.webp$/);
    expect(body.items.find((i) => i.id === ids.saw)?.image).toBeNull();
  });

  it('scopes to one category', async () => {
    const { body } = await getJson<ItemsPage>('/api/categories/garden-tools/items');
    expect(names(body)).toEqual(['Petrol Lawn Mower']);
    expect(body.category.name).toBe('Garden Tools');
  });

  it('answers 404 Category not found for an unknown category', async () => {
    const { status, body } = await getJson<{ error: { code: string; message: string } }>('/api/categories/spaceships/items');
    expect(status).toBe(404);
    expect(body.error).toEqual({ code: 'NOT_FOUND', message: 'Category not found' });
  });

  it.each([
    ['drill', ['Cordless Drill']],
    ['DRILL', ['Cordless Drill']],
    ['dri', ['Cordless Drill']],
    ['batteries', ['Cordless Drill']],
    ['mow petrol', ['Petrol Lawn Mower']],
    ['saw sheet', ['Circular Saw']],
    ['100%', ['Circular Saw']],
    // Two words: an item with either counts, those with both first (decision 025).
    ['saw ladder', ['Circular Saw', 'Extension Ladder']],
    ['spaceship moonbase', []],
    ['  ladder  ', ['Extension Ladder']],
  ])('search %j matches words of the name or description, their forms, the last as a prefix', async (search, expected) => {
    const { body } = await getJson<ItemsPage>(`/api/categories/all/items?search=${encodeURIComponent(search)}`);
    expect(names(body).sort()).toEqual([...expected].sort());
  });

  it.each([
    ['8', ['Cordless Drill']],
    ['12.50', ['Cordless Drill', 'Circular Saw']],
    ['12.49', ['Cordless Drill']],
    ['0', []],
    ['', ['Cordless Drill', 'Extension Ladder', 'Circular Saw', 'Petrol Lawn Mower']],
  ])('maxPrice %j (pounds per day, inclusive; blank is no limit)', async (maxPrice, expected) => {
    const { body } = await getJson<ItemsPage>(`/api/categories/all/items?maxPrice=${maxPrice}`);
    expect(names(body)).toEqual(expected);
  });

  it.each([
    [3, 5, false],
    [5, 6, false],
    [1, 3, false],
    [6, 9, true],
    [0, 2, true],
    [10, 11, true],
  ])('dates today+%i..today+%i: drill listed = %s (returned and cancelled rentals do not block)', async (from, to, listed) => {
    const q = `startDate=${addDays(today, from)}&endDate=${addDays(today, to)}`;
    const { body } = await getJson<ItemsPage>(`/api/categories/power-tools/items?${q}`);
    expect(names(body).includes('Cordless Drill')).toBe(listed);
    expect(names(body)).toContain('Circular Saw');
  });

  it('a start date alone means that single day; a current rental blocks today', async () => {
    const { body } = await getJson<ItemsPage>(`/api/categories/all/items?startDate=${today}`);
    expect(names(body)).not.toContain('Extension Ladder');
    const later = await getJson<ItemsPage>(`/api/categories/all/items?startDate=${addDays(today, 4)}`);
    expect(names(later.body)).toEqual(['Extension Ladder', 'Circular Saw', 'Petrol Lawn Mower']);
  });

  it.each([
    ['3', ['Cordless Drill', 'Extension Ladder', 'Petrol Lawn Mower']],
    ['3.5', ['Cordless Drill', 'Extension Ladder', 'Petrol Lawn Mower']],
    ['4', ['Cordless Drill', 'Extension Ladder']],
    ['4.5', ['Cordless Drill', 'Extension Ladder']],
    ['5', []],
  ])('minRating %s excludes lower and unrated owners', async (minRating, expected) => {
    const { body } = await getJson<ItemsPage>(`/api/categories/all/items?minRating=${minRating}`);
    expect(names(body)).toEqual(expected);
  });

  it('combines filters', async () => {
    const q = `search=saw&maxPrice=20&startDate=${addDays(today, 3)}&endDate=${addDays(today, 4)}`;
    const { body } = await getJson<ItemsPage>(`/api/categories/power-tools/items?${q}`);
    expect(names(body)).toEqual(['Circular Saw']);
    expect(body.total).toBe(1);
  });

  it('paginates with the total', async () => {
    const first = await getJson<ItemsPage>('/api/categories/all/items?pageSize=3');
    const second = await getJson<ItemsPage>('/api/categories/all/items?pageSize=3&page=2');
    expect(names(first.body)).toEqual(['Cordless Drill', 'Extension Ladder', 'Circular Saw']);
    expect(names(second.body)).toEqual(['Petrol Lawn Mower']);
    expect(second.body).toMatchObject({ total: 4, page: 2, pageSize: 3 });
  });

  it.each([
    ['maxPrice=-1', 'maxPrice'],
    ['maxPrice=abc', 'maxPrice'],
    ['maxPrice=1e3', 'maxPrice'],
    [`startDate=${addDays(today, -1)}`, 'startDate'],
    ['startDate=2026-02-30', 'startDate'],
    ['startDate=tomorrow', 'startDate'],
    [`endDate=${addDays(today, 2)}`, 'startDate'],
    [`startDate=${addDays(today, 5)}&endDate=${addDays(today, 4)}`, 'endDate'],
    [`startDate=${today}&endDate=${addDays(today, 400)}`, 'endDate'],
    ['endDate=31-12-2030', 'endDate'],
    ['minRating=2', 'minRating'],
    ['minRating=4.2', 'minRating'],
    ['minRating=five', 'minRating'],
    ['page=0', 'page'],
    ['page=x', 'page'],
    ['pageSize=101', 'pageSize'],
    [`search=${'a'.repeat(101)}`, 'search'],
    ['search=a&search=b', 'search'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    const { status, body } = await getJson<{ error: { code: string; message: string; field: string } }>(
      `/api/categories/all/items?${query}`,
    );
    expect(status).toBe(400);
    expect(body.error.code).toBe('VALIDATION');
    expect(body.error.field).toBe(field);
    expect(body.error.message.toLowerCase()).toContain(FILTER_FIELD_LABELS[field as FilterField].toLowerCase());
  });
});

describe('GET /api/items/:id', () => {
  it('returns the item with owner, images, location and only the booked ranges that still block', async () => {
    const { status, body } = await getJson<ItemDetail>(`/api/items/${ids.drill}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      name: 'Cordless Drill',
      categoryId: 'power-tools',
      categoryName: 'Power Tools',
      dailyRatePence: 800,
      minDays: 1,
      maxDays: 7,
      available: true,
      owner: { id: ids.star, name: 'Star Owner', rating: 4.8, totalRatings: 12 },
      // A visitor gets the town, the postcode district and the public point: never the street.
      location: { address: null, city: 'Leeds', postcode: 'LS1', approximate: true },
    });
    // The public point is the item's stable offset (250-400 m), to three decimal places.
    const shown = { latitude: body.location.latitude!, longitude: body.location.longitude! };
    // (Compared as numbers: a point at 53.800 is written 53.8.)
    expect(Number(shown.latitude.toFixed(3))).toBe(shown.latitude);
    expect(Number(shown.longitude.toFixed(3))).toBe(shown.longitude);
    const metres = distanceMetres(shown, { latitude: 53.7997, longitude: -1.5492 });
    expect(metres).toBeGreaterThan(150);
    expect(metres).toBeLessThan(APPROXIMATE_RADIUS_METRES);
    expect((await getJson<ItemDetail>(`/api/items/${ids.drill}`)).body.location).toEqual(body.location);
    expect(body.images).toHaveLength(3);
    expect(body.images[1]?.alt).toBe('Cordless Drill – photo 2 of 3');
    expect(body.bookedRanges).toEqual([{ startDate: addDays(today, 3), endDate: addDays(today, 5) }]);
  });

  it('includes a rental that started before today and is still out', async () => {
    const { body } = await getJson<ItemDetail>(`/api/items/${ids.ladder}`);
    expect(body.bookedRanges).toEqual([{ startDate: addDays(today, -1), endDate: addDays(today, 1) }]);
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid'])('answers 404 for %s', async (id) => {
    const { status, body } = await getJson<{ error: { message: string } }>(`/api/items/${id}`);
    expect(status).toBe(404);
    expect(body.error.message).toBe('Item not found');
  });
});

describe('API plumbing', () => {
  it('serves the OpenAPI document', async () => {
    const { status, body } = await getJson<{ openapi: string; paths: Record<string, unknown> }>('/api/docs/json');
    expect(status).toBe(200);
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining(['/api/categories', '/api/categories/{categoryId}/items', '/api/items/{itemId}']),
    );
  });

  it('answers unknown API routes with the JSON error shape', async () => {
    const { status, body } = await getJson<{ error: { code: string } }>('/api/nothing-here');
    expect(status).toBe(404);
    expect(body.error.code).toBe('NOT_FOUND');
  });

  it('compresses a browse page with gzip when both gzip and brotli are accepted, with brotli when only it is', async () => {
    const url = '/api/categories/all/items?pageSize=100';
    const both = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(both.statusCode).toBe(200);
    expect(both.headers['content-encoding']).toBe('gzip');
    const text = gunzipSync(both.rawPayload);
    const viaGzip = JSON.parse(text.toString('utf8')) as ItemsPage;
    expect(viaGzip.items.length).toBeGreaterThan(3);
    // At level 3 (platform/http/compression.ts): the same bytes zlib writes at that level, not at its
    // default 6, in one piece though it is written out in chunks of 4 KB.
    expect(both.rawPayload.equals(gzipSync(text, { level: 3 }))).toBe(true);
    expect(both.rawPayload.equals(gzipSync(text))).toBe(false);
    const onlyBrotli = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(onlyBrotli.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(onlyBrotli.rawPayload).toString('utf8'))).toEqual(viaGzip);
  });
});
