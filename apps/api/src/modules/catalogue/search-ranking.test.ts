import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemsPage } from '@toolshed/core/contract';
import { DEFAULT_PAGE_SIZE } from '@toolshed/core';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createItem, createUser, insertCategories } from '../../test/factories.ts';

/**
 * How Best match orders a search's matches (decision 025), through the API on either database: all
 * words before some, the name before the description, the words as typed before a form, a form before
 * a synonym, a synonym before a corrected slip; the photo and rating tiers, then newest first, only
 * break ties. Each better match is listed first (older), so newest-first alone would put it last.
 */
let ctx: TestContext;
const ids = new Map<string, string>();

async function list(name: string, overrides: Parameters<typeof createItem>[2]): Promise<void> {
  const owner = await createUser(ctx.database.db);
  const item = await createItem(ctx.database.db, owner.id, { name, description: 'Well looked after.', ...overrides });
  ids.set(item.id, name);
}

beforeAll(async () => {
  ctx = await createTestApp();
  await insertCategories(ctx.database.db);
  // Oldest first: the order a search must give is the reverse of newest first.
  await list('Ladder', { categoryId: 'diy-hand-tools' });
  await list('Loft Ladders', { categoryId: 'diy-hand-tools' });
  await list('Window Pole', { categoryId: 'cleaning-equipment', description: 'Reaches as high as a ladder would.' });
  await list('Hoover Upright', { categoryId: 'cleaning-equipment', description: 'Strong suction.' });
  await list('Vacuum Cleaner', { categoryId: 'cleaning-equipment', description: 'Cylinder, with a long hose.' });
  await list('Pressure Washer', { categoryId: 'cleaning-equipment', description: 'Kärcher K4, 130 bar.' });
  await list('Cordless Drill', { categoryId: 'power-tools', description: 'An 18V drill, two batteries.', dailyRatePence: 1500 });
  await list('Hammer Drill', { categoryId: 'power-tools', description: 'SDS plus, with a case.', dailyRatePence: 900 });
  await list('Cordless Sander', { categoryId: 'power-tools', description: 'Orbital, with spare pads.', dailyRatePence: 1200 });
  await list('London Drill', { categoryId: 'power-tools', latitude: 51.5072, longitude: -0.1276, city: 'London', postcode: 'SW1A 1AA' });
});
afterAll(() => ctx?.close());

async function search(query: string): Promise<ItemsPage & { names: string[] }> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/categories/all/items?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  const page = res.json() as ItemsPage;
  return { ...page, names: page.items.map((i) => ids.get(i.id)!) };
}

describe('Best match orders by how well the words match', () => {
  it('puts the word as typed in the name first, then its form in the name, then the description', async () => {
    const { names } = await search('search=ladder');
    expect(names).toEqual(['Ladder', 'Loft Ladders', 'Window Pole']);
  });

  it('puts the name people typed before a synonym of it', async () => {
    const { names } = await search('search=hoover');
    expect(names).toEqual(['Hoover Upright', 'Vacuum Cleaner']);
  });

  it('puts items with all the words before items with some', async () => {
    // ('cordless drill' is itself a name people use, read as one clause: these two words are not.)
    const { names } = await search('search=drill+batteries');
    expect(names[0]).toBe('Cordless Drill');
    expect(new Set(names.slice(1))).toEqual(new Set(['Hammer Drill', 'London Drill']));
  });

  it('reads a slip as the word meant, says so, and searches the words as typed when asked', async () => {
    const corrected = await search('search=presure+washer');
    expect(corrected.names[0]).toBe('Pressure Washer');
    expect(corrected.correctedSearch).toBe('pressure washer');
    const asTyped = await search('search=presure+washer&asTyped=true');
    expect(asTyped.correctedSearch).toBeUndefined();
    expect(asTyped.names).not.toContain('Vacuum Cleaner');
  });

  it('reads the last word as the beginning of a word while typing', async () => {
    // Both begin with it in the name, a tie: newest first breaks it.
    const { names } = await search('search=lad');
    expect(names.slice(0, 2)).toEqual(['Loft Ladders', 'Ladder']);
    expect(names[2]).toBe('Window Pole');
  });

  it('finds codes and numbers as written', async () => {
    expect((await search('search=18V')).names).toEqual(['Cordless Drill']);
    expect((await search('search=k4')).names).toEqual(['Pressure Washer']);
    expect((await search('search=sds')).names).toEqual(['Hammer Drill']);
  });
});

describe('words with every filter, place and order', () => {
  it('keeps to a category, a maximum price and a radius, and counts what it shows', async () => {
    const page = await search('search=drill&maxPrice=10');
    expect(page.names.sort()).toEqual(['Hammer Drill', 'London Drill']);
    expect(page.total).toBe(2);
    const near = await search('search=drill&near=LS1+1AA&radius=10');
    expect(near.names.sort()).toEqual(['Cordless Drill', 'Hammer Drill']);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/categories/cleaning-equipment/items?search=drill' });
    expect((res.json() as ItemsPage).items).toEqual([]);
  });

  it('orders the same matches by price, nearest and newest when chosen', async () => {
    const byPrice = await search('search=cordless&sort=price');
    expect(byPrice.names).toEqual(['Cordless Sander', 'Cordless Drill']);
    const nearest = await search('search=drill&near=SW1A+1AA');
    expect(nearest.names[0]).toBe('London Drill');
    const newest = await search('search=ladder&sort=newest');
    expect(newest.names).toEqual(['Window Pole', 'Loft Ladders', 'Ladder']);
  });

  it('says which filter leaves out every match', async () => {
    const page = await search('search=sander&maxPrice=5');
    expect(page.items).toEqual([]);
    expect(page.relaxations).toContainEqual(expect.objectContaining({ filter: 'maxPrice', total: 1 }));
  });
});

describe('pages of a search', () => {
  it('are stable: every match once across the pages, in each order, and the total right', async () => {
    const owner = await createUser(ctx.database.db);
    const made = DEFAULT_PAGE_SIZE + 5;
    for (let n = 0; n < made; n++) {
      const item = await createItem(ctx.database.db, owner.id, {
        name: n % 2 === 0 ? `Trestle ${n}` : `Folding Table ${n}`,
        // Half with the word in the name, a third in the description: scores that tie and differ.
        description: n % 2 === 0 || n % 3 === 0 ? 'Trestles for parties.' : 'A trestle, with sturdy legs.',
        categoryId: 'party-supplies',
        dailyRatePence: 500 + (n % 4) * 100,
      });
      ids.set(item.id, `trestle-${n}`);
    }
    for (const sort of ['', '&sort=price', '&sort=newest']) {
      const first = await search(`search=trestle${sort}`);
      const second = await search(`search=trestle${sort}&page=2`);
      const seen = [...first.items, ...second.items].map((i) => i.id);
      expect(new Set(seen).size, sort).toBe(seen.length);
      expect(first.total, sort).toBe(seen.length);
      expect(seen.length, sort).toBe(made);
    }
  });
});
