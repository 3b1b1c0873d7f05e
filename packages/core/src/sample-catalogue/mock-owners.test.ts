import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BrowseFilters } from '../browse-filters.ts';
import { itemsPageSchema, ownerProfileSchema } from '../contract/index.ts';
import { SAMPLE_ITEMS, SAMPLE_REVIEWS, SAMPLE_USERS, mockItemsPage, mockOwnerItems, mockOwnerProfile, sampleOwnerRating } from './index.ts';

const TODAY = '2026-06-10';
const NOW = new Date('2026-06-10T12:00:00.000Z');
const filters = (f: Partial<BrowseFilters> = {}): BrowseFilters => ({ page: 1, pageSize: 100, ...f });
const daysBefore = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();

describe('mockOwnerProfile', () => {
  it('returns null for an unknown owner', () => {
    expect(mockOwnerProfile('nobody-here', NOW)).toBeNull();
  });

  it("gives the owner's name, rating and joining date in the API's shape", () => {
    const owner = ownerProfileSchema.parse(mockOwnerProfile('oliver-bennett', NOW));
    expect(owner).toMatchObject({ id: 'oliver-bennett', name: 'Oliver Bennett', picture: null, rating: 4.33, totalRatings: 6 });
    expect(owner.memberSince).toBe(daysBefore(640));
  });

  it('lists the reviews the owner received, newest first, with reviewer and item names', () => {
    const { reviews } = mockOwnerProfile('oliver-bennett', NOW)!;
    expect(reviews.map((r) => r.reviewerName)).toEqual([
      'Jamal Hussain',
      'Amelia Hughes',
      'David Okafor',
      'Hannah Whitfield',
      'Fiona Mackenzie',
      'Tom Gallagher',
    ]);
    expect(reviews[0]).toMatchObject({
      rating: 5,
      reviewerId: 'jamal-hussain',
      itemId: 'moving-trailer-6',
      itemName: expect.stringMatching(/trailer/i),
      comment: expect.stringMatching(/^Trailer was ready on time/),
      date: daysBefore(17),
    });
    expect(new Set(reviews.map((r) => r.id)).size).toBe(reviews.length);
  });

  it('matches the rating on every item card, for every sample user', () => {
    for (const user of SAMPLE_USERS) {
      const owner = mockOwnerProfile(user.key, NOW)!;
      expect(owner.reviews).toHaveLength(SAMPLE_REVIEWS.filter((r) => r.revieweeKey === user.key).length);
      expect({ rating: owner.rating, totalRatings: owner.totalRatings }).toEqual(sampleOwnerRating(user.key));
    }
  });

  it('shows an owner nobody has reviewed as unrated, with no reviews', () => {
    expect(mockOwnerProfile('ben-ashworth', NOW)).toMatchObject({ rating: null, totalRatings: 0, reviews: [] });
  });

  it('gives the same review ids on every call, so lists do not re-render as new', () => {
    const ids = () => mockOwnerProfile('amelia-hughes', NOW)!.reviews.map((r) => r.id);
    expect(ids()).toEqual(ids());
  });
});

describe('mockOwnerItems', () => {
  it('returns null for an unknown owner', () => {
    expect(mockOwnerItems('nobody-here', filters(), TODAY)).toBeNull();
  });

  it("lists only the owner's items, newest first, as the same cards as browsing", () => {
    const page = itemsPageSchema.parse(mockOwnerItems('oliver-bennett', filters(), TODAY));
    const listed = SAMPLE_ITEMS.filter((i) => i.ownerKey === 'oliver-bennett').map((i) => i.key);
    expect(page.items.map((i) => i.id)).toEqual([...listed].reverse());
    expect(page.total).toBe(listed.length);
    expect(page.category).toMatchObject({ id: 'all', name: 'All Items' });
    const browsed = mockItemsPage('all', filters(), TODAY)!.items.filter((i) => i.owner.id === 'oliver-bennett');
    expect(page.items).toEqual(browsed);
  });

  it('pages with the requested size', () => {
    const all = mockOwnerItems('oliver-bennett', filters(), TODAY)!;
    const second = mockOwnerItems('oliver-bennett', filters({ page: 2, pageSize: 2 }), TODAY)!;
    expect(second).toMatchObject({ page: 2, pageSize: 2, total: all.total });
    expect(second.items.map((i) => i.id)).toEqual(all.items.slice(2, 4).map((i) => i.id));
  });

  it('applies the browse filters', () => {
    const cheap = mockOwnerItems('oliver-bennett', filters({ maxPricePence: 1000 }), TODAY)!;
    expect(cheap.items.every((i) => i.dailyRatePence <= 1000)).toBe(true);
    expect(cheap.total).toBeLessThan(mockOwnerItems('oliver-bennett', filters(), TODAY)!.total);
    expect(mockOwnerItems('oliver-bennett', filters({ search: 'pressure washer' }), TODAY)!.items.map((i) => i.id)).toEqual([
      'cleaning-pressure-washer-1',
    ]);
  });
});

describe('browser bundle', () => {
  it('imports the API contract for its types only, so zod never ships with Mock Data', () => {
    const source = readFileSync(new URL('./mock-owners.ts', import.meta.url), 'utf8');
    // Whole import statements, which the formatter may spread over several lines.
    const contractImports = [...source.matchAll(/^import\b[^;]*?from '\.\.\/contract[^']*';/gms)].map((m) => m[0]);
    expect(contractImports.length).toBeGreaterThan(0);
    expect(contractImports.every((statement) => statement.startsWith('import type '))).toBe(true);
  });
});
