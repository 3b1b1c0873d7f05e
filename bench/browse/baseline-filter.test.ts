import { describe, expect, it } from 'vitest';
import { parseBrowseFilters, type BrowseFilters, type RawBrowseFilters } from '@toolshed/core';
import { filterInMemory, reportedTotal, type BaselineItem } from './baseline-filter.ts';

const TODAY = '2030-06-10';

function item(
  id: string,
  overrides: Partial<BaselineItem> & {
    name?: string;
    description?: string;
    categoryId?: string;
    pence?: number;
    rating?: number | null;
  } = {},
): BaselineItem {
  const name = overrides.name ?? `Item ${id}`;
  const description = overrides.description ?? 'A useful thing.';
  return {
    summary: {
      id,
      name,
      description,
      categoryId: overrides.categoryId ?? 'power-tools',
      dailyRatePence: overrides.pence ?? 1000,
      minDays: 1,
      maxDays: 7,
      city: 'Leeds',
      owner: { id: 'u1', name: 'Owner', picture: null, rating: overrides.rating === undefined ? 4.2 : overrides.rating, totalRatings: 3 },
      image: null,
    },
    searchText: `${name} ${description}`.toLowerCase(),
    listed: overrides.listed ?? true,
    createdAtMs: overrides.createdAtMs ?? 0,
    booked: overrides.booked ?? [],
  };
}

function filters(raw: RawBrowseFilters): BrowseFilters {
  const parsed = parseBrowseFilters(raw, TODAY);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.value;
}

const ids = (r: { items: Array<{ id: string }> }) => r.items.map((i) => i.id);

describe('filterInMemory, the baseline prototype browse', () => {
  const catalogue = [
    item('a', {
      name: 'Cordless Drill',
      description: 'Two batteries',
      pence: 800,
      createdAtMs: 1,
      booked: [{ startDate: '2030-06-12', endDate: '2030-06-14' }],
    }),
    item('b', { name: 'Petrol Lawn Mower', categoryId: 'garden-tools', pence: 2000, createdAtMs: 2, rating: 3.5 }),
    item('c', { name: 'Circular Saw', description: 'Cuts sheet material', pence: 1250, createdAtMs: 3, rating: null }),
    item('d', { name: 'Hidden Drill', createdAtMs: 4, listed: false }),
  ];

  it('lists only listed items, newest first', () => {
    expect(ids(filterInMemory(catalogue, null, filters({})))).toEqual(['c', 'b', 'a']);
  });

  it('scopes to a category', () => {
    expect(ids(filterInMemory(catalogue, 'garden-tools', filters({})))).toEqual(['b']);
  });

  it.each([
    ['drill', ['a']],
    ['DRI', ['a']],
    ['batteries', ['a']],
    ['saw sheet', ['c']],
    ['saw drill', []],
  ])('search %j needs every word in the name or description', (search, expected) => {
    expect(ids(filterInMemory(catalogue, null, filters({ search })))).toEqual(expected);
  });

  it('treats the maximum price as inclusive', () => {
    expect(ids(filterInMemory(catalogue, null, filters({ maxPrice: '12.50' })))).toEqual(['c', 'a']);
  });

  it('drops items booked on any day of the range, keeps those free', () => {
    expect(ids(filterInMemory(catalogue, null, filters({ startDate: '2030-06-14', endDate: '2030-06-20' })))).toEqual(['c', 'b']);
    expect(ids(filterInMemory(catalogue, null, filters({ startDate: '2030-06-15', endDate: '2030-06-20' })))).toEqual(['c', 'b', 'a']);
  });

  it('excludes lower-rated and unrated owners for a minimum rating', () => {
    expect(ids(filterInMemory(catalogue, null, filters({ minRating: '4' })))).toEqual(['a']);
    expect(ids(filterInMemory(catalogue, null, filters({ minRating: '3.5' })))).toEqual(['b', 'a']);
  });

  it('pages through the matches and reports the full total', () => {
    const second = filterInMemory(catalogue, null, filters({ pageSize: '2', page: '2' }));
    expect(ids(second)).toEqual(['a']);
    expect(second.total).toBe(3);
  });

  it('breaks a tie in listing time by id, descending', () => {
    const tied = [item('x1', { createdAtMs: 5 }), item('x3', { createdAtMs: 5 }), item('x2', { createdAtMs: 5 })];
    expect(ids(filterInMemory(tied, null, filters({})))).toEqual(['x3', 'x2', 'x1']);
  });
});

describe('the total the baseline reports', () => {
  const base = { page: 1, pageSize: 24 };
  it('is exact without filters, however large', () => {
    expect(reportedTotal(96_020, base)).toEqual({ total: 96_020, totalCapped: false });
  });
  it('is exact up to 1,000 filtered matches and capped from 1,001', () => {
    expect(reportedTotal(1000, { ...base, search: 'drill' })).toEqual({ total: 1000, totalCapped: false });
    expect(reportedTotal(1001, { ...base, maxPricePence: 500 })).toEqual({ total: 1000, totalCapped: true });
  });
});
