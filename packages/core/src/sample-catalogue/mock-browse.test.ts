import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BrowseFilters } from '../browse-filters.ts';
import { CATEGORIES } from '../categories.ts';
import { categoriesResponseSchema, itemDetailSchema, itemsPageSchema } from '../contract/index.ts';
import { addDays } from '../dates.ts';
import { AppError } from '../errors.ts';
import { distanceMetres, METRES_PER_MILE, NEAREST_GROUP_MILES, placeNotFoundMessage, RADIUS_MILES_OPTIONS } from '../near.ts';
import { APPROXIMATE_RADIUS_METRES, postcodeDistrict } from '../public-location.ts';
import { SAMPLE_ITEMS, mockCategories, mockItemDetail, mockItemsPage, sampleItem, sampleOwnerRating } from './index.ts';
import { mockMapPoints, samplePublicPoint } from './mock-browse.ts';

const TODAY = '2026-06-10';
const day = (offset: number) => addDays(TODAY, offset);
const filters = (f: Partial<BrowseFilters> = {}): BrowseFilters => ({ page: 1, pageSize: 100, ...f });
const ids = (f: Partial<BrowseFilters>, category = 'all') => mockItemsPage(category, filters(f), TODAY)!.items.map((i) => i.id);

describe('mockCategories', () => {
  it('lists the eleven categories with their item counts and the total', () => {
    const res = categoriesResponseSchema.parse(mockCategories());
    expect(res.categories.map((c) => c.id)).toEqual(CATEGORIES.map((c) => c.id));
    expect(res.categories.find((c) => c.id === 'garden-tools')!.itemCount).toBe(
      SAMPLE_ITEMS.filter((i) => i.categoryId === 'garden-tools').length,
    );
    expect(res.categories.reduce((sum, c) => sum + c.itemCount, 0)).toBe(res.totalItems);
    expect(res.totalItems).toBe(SAMPLE_ITEMS.length);
  });
});

describe('mockItemsPage', () => {
  it('returns null for an unknown category', () => {
    expect(mockItemsPage('spaceships', filters(), TODAY)).toBeNull();
  });

  it("lists every item under 'all' and only the category's items otherwise, in the API's shape", () => {
    const all = itemsPageSchema.parse(mockItemsPage('all', filters(), TODAY));
    expect(all.category).toMatchObject({ id: 'all', name: 'All Items' });
    expect(all.total).toBe(SAMPLE_ITEMS.length);
    const camping = itemsPageSchema.parse(mockItemsPage('camping-gear', filters(), TODAY));
    expect(camping.category).toMatchObject({ id: 'camping-gear', name: 'Camping Gear' });
    expect(camping.items.length).toBeGreaterThanOrEqual(5);
    expect(camping.items.every((i) => i.categoryId === 'camping-gear')).toBe(true);
  });

  it('shows newest first: later catalogue entries come first', () => {
    const camping = SAMPLE_ITEMS.filter((i) => i.categoryId === 'camping-gear').map((i) => i.key);
    expect(ids({}, 'camping-gear')).toEqual([...camping].reverse());
  });

  it('fills each card with price, terms, city, owner rating and a first picture', () => {
    const card = mockItemsPage('all', filters({ search: 'rotavator' }), TODAY)!.items[0]!;
    expect(card).toMatchObject({ id: 'garden-rotavator-5', dailyRatePence: 2800, minDays: 2, maxDays: 7, city: 'York' });
    expect(card.owner).toEqual({ id: 'hannah-whitfield', name: 'Hannah Whitfield', picture: null, rating: 4.5, totalRatings: 4 });
    expect(card.image!.url).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
    expect(card.image!.alt).toBe('Petrol Rotavator – photo 1 of 3');
  });

  describe('search', () => {
    it('matches a word in the name or the description, across categories, ignoring case', () => {
      expect(ids({ search: 'LADDER' })).toEqual(['diy-ladder-1', 'cleaning-window-pole-4']);
    });

    it('puts the items with every word first, then those with all but one, and reads the last word as a prefix', () => {
      const found = ids({ search: 'electric shred' });
      expect(found[0]).toBe('garden-shredder-3');
      expect(found.length).toBeGreaterThan(1);
      expect(ids({ search: 'spaceship moonbase' })).toEqual([]);
      expect(ids({ search: 'lad' })).toEqual(expect.arrayContaining(['diy-ladder-1']));
    });

    it('matches word forms, the names people use and typing slips, and says which words it read', () => {
      expect(ids({ search: 'ladders' })[0]).toBe('diy-ladder-1');
      expect(ids({ search: 'hoover' }).length).toBeGreaterThan(0);
      const slip = mockItemsPage('all', filters({ search: 'laddr' }), TODAY)!;
      expect(slip.correctedSearch).toBe('ladder');
      expect(slip.items[0]!.id).toBe('diy-ladder-1');
      const typed = mockItemsPage('all', filters({ search: 'laddr', searchAsTyped: true }), TODAY)!;
      expect(typed.correctedSearch).toBeUndefined();
      expect(typed.total).toBe(0);
    });

    it('says which filter keeps every match out', () => {
      const page = mockItemsPage('all', filters({ search: 'ladder', maxPricePence: 100 }), TODAY)!;
      expect(page.total).toBe(0);
      expect(page.relaxations).toEqual([{ filter: 'maxPrice', total: 2 }]);
      const inCategory = mockItemsPage('camping-gear', filters({ search: 'ladder' }), TODAY)!;
      expect(inCategory.relaxations).toEqual([{ filter: 'category', total: 2 }]);
    });

    it('combines with the category', () => {
      expect(ids({ search: 'ladder' }, 'diy-hand-tools')).toEqual(['diy-ladder-1']);
    });
  });

  it('keeps items at or under the maximum daily price', () => {
    const found = mockItemsPage('all', filters({ maxPricePence: 1800 }), TODAY)!.items;
    expect(found.every((i) => i.dailyRatePence <= 1800)).toBe(true);
    expect(found.map((i) => i.id)).toContain('cleaning-pressure-washer-1'); // exactly £18.00
    expect(found.map((i) => i.id)).not.toContain('party-gazebo-1'); // £25.00
    expect(ids({ maxPricePence: 0 })).toEqual([]);
  });

  describe('dates', () => {
    // The pressure washer is booked +3..+4 and +30..+32; the ladder is out now (-2..+2) and +9..+10.
    it('drops an item booked on any day of the range, ends included', () => {
      expect(ids({ startDate: day(4), endDate: day(6) })).not.toContain('cleaning-pressure-washer-1');
      expect(ids({ startDate: day(0), endDate: day(3) })).not.toContain('cleaning-pressure-washer-1');
      expect(ids({ startDate: day(5), endDate: day(29) })).toContain('cleaning-pressure-washer-1');
    });

    it('treats a start date alone as that one day', () => {
      expect(ids({ startDate: day(3) })).not.toContain('cleaning-pressure-washer-1');
      expect(ids({ startDate: day(2) })).toContain('cleaning-pressure-washer-1');
    });

    it('counts a rental that is out right now', () => {
      expect(ids({ startDate: day(0) })).not.toContain('diy-ladder-1');
      expect(ids({ startDate: day(3), endDate: day(8) })).toContain('diy-ladder-1');
    });

    it('ignores rentals that have been returned', () => {
      // Returned rental of the pressure washer was -40..-38; only today onwards can be asked for.
      expect(ids({ startDate: day(0), endDate: day(2) })).toContain('cleaning-pressure-washer-1');
    });
  });

  describe('minimum owner rating', () => {
    it('keeps owners at or above the rating', () => {
      const found = mockItemsPage('all', filters({ minRating: 4.5 }), TODAY)!.items;
      expect(found.every((i) => i.owner.rating !== null && i.owner.rating >= 4.5)).toBe(true);
      expect(found.map((i) => i.owner.id)).toContain('hannah-whitfield'); // exactly 4.5
    });

    it('leaves out unrated owners', () => {
      expect(ids({ minRating: 3 }).some((id) => sampleItem(id)!.ownerKey === 'ben-ashworth')).toBe(false);
      expect(ids({}).some((id) => sampleItem(id)!.ownerKey === 'ben-ashworth')).toBe(true);
    });

    it('at 5 keeps only perfectly rated owners', () => {
      const owners = new Set(ids({ minRating: 5 }).map((id) => sampleItem(id)!.ownerKey));
      expect([...owners]).toEqual(['priya-shah']);
      expect(sampleOwnerRating('priya-shah').rating).toBe(5);
    });
  });

  it('combines all filters', () => {
    const found = ids({ search: 'electric', maxPricePence: 1500, minRating: 4, startDate: day(1), endDate: day(3) });
    expect(found.length).toBeGreaterThan(0);
    for (const id of found) {
      const item = sampleItem(id)!;
      expect(`${item.name} ${item.description}`.toLowerCase()).toContain('electric');
      expect(item.dailyRatePence).toBeLessThanOrEqual(1500);
      expect(sampleOwnerRating(item.ownerKey).rating).toBeGreaterThanOrEqual(4);
    }
  });

  describe('pagination', () => {
    it('splits the results into pages that add up to the whole list', () => {
      const whole = ids({});
      const pages = [1, 2, 3, 4, 5, 6, 7].map((page) => mockItemsPage('all', { page, pageSize: 10 }, TODAY)!);
      expect(pages.flatMap((p) => p.items.map((i) => i.id))).toEqual(whole);
      expect(pages[0]!.items).toHaveLength(10);
      expect(pages.every((p) => p.total === whole.length && p.pageSize === 10)).toBe(true);
      expect(pages[1]!.page).toBe(2);
    });

    it('gives an empty page past the end but still reports the total', () => {
      const page = mockItemsPage('garden-tools', { page: 99, pageSize: 24 }, TODAY)!;
      expect(page.items).toEqual([]);
      expect(page.total).toBe(SAMPLE_ITEMS.filter((i) => i.categoryId === 'garden-tools').length);
    });

    it('reports the filtered total, not the category size', () => {
      expect(mockItemsPage('all', { page: 1, pageSize: 1, search: 'ladder' }, TODAY)!.total).toBe(2);
    });
  });
});

describe('mockItemDetail', () => {
  it('returns null for an unknown item', () => {
    expect(mockItemDetail('no-such-item', TODAY)).toBeNull();
  });

  it("describes the item in the API's shape with its owner and its public location (no street)", () => {
    const detail = itemDetailSchema.parse(mockItemDetail('cleaning-pressure-washer-1', TODAY));
    expect(detail).toMatchObject({
      id: 'cleaning-pressure-washer-1',
      categoryId: 'cleaning-equipment',
      categoryName: 'Cleaning Equipment',
      dailyRatePence: 1800,
      available: true,
      location: {
        address: null,
        city: 'Bristol',
        postcode: postcodeDistrict(sampleItem('cleaning-pressure-washer-1')!.postcode),
        approximate: true,
      },
      owner: { id: 'oliver-bennett', name: 'Oliver Bennett', picture: null, rating: 4.33, totalRatings: 6 },
    });
    // The public point: a stable offset of a few hundred metres, given to three decimal places.
    const shown = { latitude: detail.location.latitude!, longitude: detail.location.longitude! };
    const metres = distanceMetres(sampleItem('cleaning-pressure-washer-1')!, shown);
    expect(metres).toBeGreaterThan(180);
    expect(metres).toBeLessThan(APPROXIMATE_RADIUS_METRES);
    expect(mockItemDetail('cleaning-pressure-washer-1', TODAY)!.location).toEqual(detail.location);
  });

  it('has three different pictures with numbered alt text', () => {
    const { images, name } = mockItemDetail('av-projector-1', TODAY)!;
    expect(images).toHaveLength(3);
    expect(new Set(images.map((i) => i.url)).size).toBe(3);
    expect(images.map((i) => i.alt)).toEqual([1, 2, 3].map((n) => `${name} – photo ${n} of 3`));
    for (const img of images) expect(img.thumbUrl).toBe(img.url);
  });

  it('lists unreturned bookings ending today or later as dates, in order', () => {
    expect(mockItemDetail('cleaning-pressure-washer-1', TODAY)!.bookedRanges).toEqual([
      { startDate: day(3), endDate: day(4) },
      { startDate: day(30), endDate: day(32) },
    ]);
    expect(mockItemDetail('diy-ladder-1', TODAY)!.bookedRanges[0]).toEqual({ startDate: day(-2), endDate: day(2) });
  });

  it('shows an unrated owner as unrated', () => {
    expect(mockItemDetail('diy-tool-kit-5', TODAY)!.owner).toMatchObject({ rating: null, totalRatings: 0 });
  });
});

describe('browser bundle', () => {
  it('imports the API contract for its types only, so zod never ships with Mock Data', () => {
    const source = readFileSync(new URL('./mock-browse.ts', import.meta.url), 'utf8');
    // Whole import statements, which the formatter may spread over several lines.
    const contractImports = [...source.matchAll(/^import\b[^;]*?from '\.\.\/contract[^']*';/gms)].map((m) => m[0]);
    expect(contractImports.length).toBeGreaterThan(0);
    expect(contractImports.every((statement) => statement.startsWith('import type '))).toBe(true);
  });
});

describe('near me in Mock Data', () => {
  const headingley = { kind: 'district', district: 'LS6' } as const;
  const leeds = SAMPLE_ITEMS.filter((i) => i.city === 'Leeds');

  it('finds what is within the radius of a district, nearest first, each with its distance from the public point', () => {
    const page = mockItemsPage('all', filters({ near: headingley, radiusMiles: 5 }), TODAY)!;
    expect(page).toMatchObject({ sort: 'nearest', near: { label: 'LS6', latitude: 53.82, longitude: -1.575, radiusMiles: 5 } });
    expect(page.items.map((i) => i.id).sort()).toEqual(leeds.map((i) => i.key).sort());
    const miles = page.items.map((i) => i.distanceMiles!);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    for (const card of page.items) {
      const metres = distanceMetres(page.near!, samplePublicPoint(sampleItem(card.id)!));
      expect(metres).toBeLessThanOrEqual(5 * METRES_PER_MILE);
      expect(card.distanceMiles).toBe(Math.round((metres / METRES_PER_MILE) * 10) / 10);
    }
  });

  it('spreads a town over its neighbourhoods: a mile takes in fewer than five', () => {
    const one = mockItemsPage('all', filters({ near: headingley, radiusMiles: 1 }), TODAY)!;
    expect(one.total).toBeGreaterThan(0);
    expect(one.total).toBeLessThan(leeds.length);
  });

  it('places towns and full postcodes, and refuses a place it cannot find as the API does', () => {
    expect(
      mockItemsPage('all', filters({ near: { kind: 'place', name: 'york' }, radiusMiles: 3 }), TODAY)!.items.every(
        (i) => i.city === 'York',
      ),
    ).toBe(true);
    expect(
      mockItemsPage('all', filters({ near: { kind: 'postcode', postcode: 'SE22 8HU' }, radiusMiles: 3 }), TODAY)!.items.every(
        (i) => i.city === 'London',
      ),
    ).toBe(true);
    expect(() => mockItemsPage('all', filters({ near: { kind: 'place', name: 'Atlantis' } }), TODAY)).toThrow(
      new AppError('VALIDATION', placeNotFoundMessage('Atlantis'), 'near'),
    );
  });

  // Moorland, mountains and an island, away from the sample towns: nothing within a mile of any.
  it.each([
    [50.57, -3.92],
    [54.45, -3.2],
    [57.08, -3.67],
    [60.15, -1.15],
  ])(
    'with nothing within the radius of (%f, %f), names the nearest as the API does: the browse it widens to begins with it',
    (latitude, longitude) => {
      const near = { kind: 'point', latitude, longitude } as const;
      const page = mockItemsPage('all', filters({ near, radiusMiles: 1 }), TODAY)!;
      expect(page.total).toBe(0);
      const nearest = itemsPageSchema.parse(page).nearest!;
      const widened = mockItemsPage(
        'all',
        filters({ near, radiusMiles: RADIUS_MILES_OPTIONS.find((r) => r === nearest.radiusMiles) }),
        TODAY,
      )!;
      const first = widened.items[0]!;
      expect([first.city, first.distanceMiles]).toEqual([nearest.city, nearest.distanceMiles]);
      const around = widened.items.filter(
        (i) =>
          distanceMetres(samplePublicPoint(sampleItem(first.id)!), samplePublicPoint(sampleItem(i.id)!)) <=
          NEAREST_GROUP_MILES * METRES_PER_MILE,
      );
      expect(nearest.total).toBe(around.length);
      // The radius named is the smallest that reaches it.
      const smaller = RADIUS_MILES_OPTIONS.filter((r) => r < (nearest.radiusMiles ?? Infinity) && r > 1).at(-1);
      if (smaller !== undefined) expect(mockItemsPage('all', filters({ near, radiusMiles: smaller }), TODAY)!.total).toBe(0);
    },
  );

  it('names nothing when something is within the radius, or nothing matches at all', () => {
    expect(mockItemsPage('all', filters({ near: headingley, radiusMiles: 5 }), TODAY)!.nearest).toBeUndefined();
    expect(mockItemsPage('all', filters({ near: headingley, radiusMiles: 1, maxPricePence: 0 }), TODAY)!.nearest).toBeUndefined();
  });

  it('maps the same matches in the same order, at their public points to three decimals', () => {
    const f = filters({ near: headingley, radiusMiles: 5 });
    const map = mockMapPoints('all', f, TODAY)!;
    expect(map.points.map((p) => p.id)).toEqual(mockItemsPage('all', f, TODAY)!.items.map((i) => i.id));
    expect(map).toMatchObject({ more: false, near: { label: 'LS6' } });
    for (const p of map.points) {
      const point = samplePublicPoint(sampleItem(p.id)!);
      expect(p.latitude).toBe(Math.round(point.latitude * 1000) / 1000);
    }
    expect(mockMapPoints('spaceships', filters(), TODAY)).toBeNull();
  });

  it('sorts by price, rating and age, newest first among equals, and puts unrated owners last by default', () => {
    const page = (sort?: 'price' | 'rating' | 'newest') =>
      mockItemsPage('all', filters(sort ? { sort } : {}), TODAY)!.items.map((i) => sampleItem(i.id)!);
    const prices = page('price').map((i) => i.dailyRatePence);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const ratings = page('rating').map((i) => sampleOwnerRating(i.ownerKey).rating ?? -1);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    expect(page('newest').map((i) => i.key)).toEqual([...SAMPLE_ITEMS].reverse().map((i) => i.key));
    const relevance = page();
    const firstUnrated = relevance.findIndex((i) => sampleOwnerRating(i.ownerKey).rating === null);
    expect(relevance.slice(firstUnrated).every((i) => sampleOwnerRating(i.ownerKey).rating === null)).toBe(true);
    expect(mockItemsPage('all', filters(), TODAY)!.sort).toBe('relevance');
  });
});
