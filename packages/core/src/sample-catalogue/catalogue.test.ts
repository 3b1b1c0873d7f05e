import { describe, expect, it } from 'vitest';
import { rangesOverlap } from '../booking-range.ts';
import { CATEGORIES, isCategoryId } from '../categories.ts';
import { distanceMetres } from '../near.ts';
import { postcodeDistrict } from '../public-location.ts';
import { districtCentre, POSTCODE_DISTRICTS } from '../uk-places/index.ts';
import {
  SAMPLE_ITEMS,
  SAMPLE_RENTALS,
  SAMPLE_REVIEWS,
  SAMPLE_USERS,
  sampleItem,
  sampleOwnerRating,
  sampleRentalRange,
  sampleUser,
} from './index.ts';

const TODAY = '2026-03-28'; // the day before the clocks go forward, to catch date slips
const UK_POSTCODE = /^(GIR 0AA|[A-PR-UWYZ][A-HK-Y]?\d[A-Z\d]? \d[ABD-HJLNP-UW-Z]{2})$/;
const owners = [...new Set(SAMPLE_ITEMS.map((i) => i.ownerKey))];
const unique = (values: string[]) => new Set(values).size === values.length;

describe('sample items', () => {
  it('has at least five items in every category and nothing outside the category list', () => {
    for (const c of CATEGORIES) expect(SAMPLE_ITEMS.filter((i) => i.categoryId === c.id).length, c.id).toBeGreaterThanOrEqual(5);
    expect(SAMPLE_ITEMS.every((i) => isCategoryId(i.categoryId))).toBe(true);
  });

  it('has unique keys', () => {
    expect(unique(SAMPLE_ITEMS.map((i) => i.key))).toBe(true);
  });

  it.each(SAMPLE_ITEMS.map((i) => [i.key, i] as const))('%s has sensible rental terms, a price and text', (_, item) => {
    expect([1, 2]).toContain(item.minDays);
    expect(item.maxDays).toBeGreaterThanOrEqual(3);
    expect(item.maxDays).toBeLessThanOrEqual(14);
    expect(Number.isSafeInteger(item.dailyRatePence) && item.dailyRatePence >= 100).toBe(true);
    expect(item.name.trim().length).toBeGreaterThan(3);
    expect(item.description.length).toBeGreaterThan(40);
  });

  it.each(SAMPLE_ITEMS.map((i) => [i.key, i] as const))('%s has a UK postcode and coordinates inside the UK', (_, item) => {
    expect(item.postcode).toMatch(UK_POSTCODE);
    expect(item.latitude).toBeGreaterThan(49.8);
    expect(item.latitude).toBeLessThan(60.9);
    expect(item.longitude).toBeGreaterThan(-8.7);
    expect(item.longitude).toBeLessThan(1.8);
    expect(item.address && item.city).toBeTruthy();
  });

  it("places each item in its postcode district, within a few kilometres of the district's centre", () => {
    for (const item of SAMPLE_ITEMS) {
      const district = postcodeDistrict(item.postcode)!;
      expect(POSTCODE_DISTRICTS[district], district).toBeDefined();
      expect(distanceMetres(districtCentre(district)!, item), item.key).toBeLessThan(2_500);
    }
  });

  it("spreads each owner's things over neighbourhoods of their town", () => {
    for (const owner of owners) {
      const mine = SAMPLE_ITEMS.filter((i) => i.ownerKey === owner);
      expect(new Set(mine.map((i) => i.city)).size, owner).toBe(1);
      expect(new Set(mine.map((i) => postcodeDistrict(i.postcode))).size, owner).toBeGreaterThanOrEqual(Math.min(3, mine.length));
    }
  });

  it('spreads items over many towns and every user owns something', () => {
    expect(new Set(SAMPLE_ITEMS.map((i) => i.city)).size).toBeGreaterThanOrEqual(10);
    for (const u of SAMPLE_USERS) expect(owners, u.key).toContain(u.key);
  });

  it('shares words across categories so search crosses them', () => {
    const categoriesWith = (word: string) =>
      new Set(SAMPLE_ITEMS.filter((i) => `${i.name} ${i.description}`.toLowerCase().includes(word)).map((i) => i.categoryId)).size;
    expect(categoriesWith('ladder')).toBeGreaterThanOrEqual(2);
    expect(categoriesWith('electric')).toBeGreaterThanOrEqual(3);
  });
});

describe('sample users', () => {
  it('have unique keys and unique example.com emails', () => {
    expect(unique(SAMPLE_USERS.map((u) => u.key))).toBe(true);
    expect(unique(SAMPLE_USERS.map((u) => u.email))).toBe(true);
    for (const u of SAMPLE_USERS) expect(u.email).toMatch(/^[a-z.]+@example\.com$/);
  });
});

describe('sample reviews', () => {
  it('refer to real users and to an item of the reviewed owner, never to oneself', () => {
    for (const r of SAMPLE_REVIEWS) {
      expect(sampleUser(r.reviewerKey), r.reviewerKey).toBeDefined();
      expect(sampleItem(r.itemKey)?.ownerKey, r.itemKey).toBe(r.revieweeKey);
      expect(r.reviewerKey).not.toBe(r.revieweeKey);
    }
  });

  it('are 1 to 5 stars, 5 to 400 days old and written after both people joined', () => {
    for (const r of SAMPLE_REVIEWS) {
      expect([1, 2, 3, 4, 5]).toContain(r.rating);
      expect(r.daysAgo).toBeGreaterThanOrEqual(5);
      expect(r.daysAgo).toBeLessThanOrEqual(400);
      expect(r.daysAgo, `${r.reviewerKey} on ${r.itemKey}`).toBeLessThanOrEqual(sampleUser(r.reviewerKey)!.joinedDaysAgo);
      expect(r.daysAgo, `${r.revieweeKey} on ${r.itemKey}`).toBeLessThanOrEqual(sampleUser(r.revieweeKey)!.joinedDaysAgo);
      expect(r.comment.length).toBeGreaterThan(10);
    }
  });

  it('give owners varied ratings, including one single poor review and one unrated owner', () => {
    const ratings = owners.map((o) => sampleOwnerRating(o));
    expect(ratings.filter((r) => r.rating !== null && r.rating >= 4.8).length).toBeGreaterThanOrEqual(2);
    expect(ratings.filter((r) => r.rating !== null && r.rating >= 4 && r.rating <= 4.5).length).toBeGreaterThanOrEqual(2);
    expect(ratings.filter((r) => r.rating !== null && r.rating >= 3 && r.rating <= 3.5).length).toBeGreaterThanOrEqual(2);
    expect(ratings).toContainEqual({ rating: 2, totalRatings: 1 });
    expect(ratings).toContainEqual({ rating: null, totalRatings: 0 });
  });
});

describe('sampleOwnerRating', () => {
  it.each([
    ['priya-shah', 5, 4],
    ['amelia-hughes', 4.8, 5],
    ['jamal-hussain', 3.17, 6],
    ['rosie-clarke', 2, 1],
    ['ben-ashworth', null, 0],
    ['nobody', null, 0],
  ])('%s averages %s over %i reviews', (key, rating, totalRatings) => {
    expect(sampleOwnerRating(key)).toEqual({ rating, totalRatings });
  });
});

describe('sample rentals', () => {
  const withDates = SAMPLE_RENTALS.map((r) => ({ ...r, ...sampleRentalRange(r, TODAY) }));

  it('refer to real items and renters, and nobody rents their own item', () => {
    for (const r of SAMPLE_RENTALS) {
      expect(sampleUser(r.renterKey), r.renterKey).toBeDefined();
      const item = sampleItem(r.itemKey);
      expect(item, r.itemKey).toBeDefined();
      expect(item!.ownerKey, r.itemKey).not.toBe(r.renterKey);
    }
  });

  it('respect each item’s minimum and maximum days', () => {
    for (const r of SAMPLE_RENTALS) {
      const item = sampleItem(r.itemKey)!;
      expect(r.days, r.itemKey).toBeGreaterThanOrEqual(item.minDays);
      expect(r.days, r.itemKey).toBeLessThanOrEqual(item.maxDays);
    }
  });

  it('never books one item twice for overlapping dates while unreturned', () => {
    const open = withDates.filter((r) => !r.returned);
    for (const [i, a] of open.entries()) {
      for (const b of open.slice(i + 1)) {
        if (a.itemKey === b.itemKey) expect(rangesOverlap(a, b), `${a.itemKey} ${a.startDate} / ${b.startDate}`).toBe(false);
      }
    }
  });

  it('are returned exactly when they ended before today', () => {
    for (const r of withDates) expect(r.returned, r.itemKey).toBe(r.endDate < TODAY);
  });

  it('include past, current and many upcoming rentals within 60 days', () => {
    expect(withDates.filter((r) => r.endDate < TODAY).length).toBeGreaterThanOrEqual(5);
    expect(withDates.filter((r) => r.startDate < TODAY && r.endDate >= TODAY).length).toBeGreaterThanOrEqual(3);
    const upcoming = SAMPLE_RENTALS.filter((r) => r.startOffsetDays > 0 && r.startOffsetDays <= 60);
    expect(upcoming.length).toBeGreaterThanOrEqual(20);
  });

  it('give every category a booking in the next 30 days', () => {
    for (const c of CATEGORIES) {
      const soon = SAMPLE_RENTALS.filter(
        (r) => sampleItem(r.itemKey)!.categoryId === c.id && r.startOffsetDays > 0 && r.startOffsetDays <= 30,
      );
      expect(soon.length, c.id).toBeGreaterThan(0);
    }
  });

  it('turn offsets into inclusive calendar dates across a clock change', () => {
    const r = { itemKey: 'x', renterKey: 'y', startOffsetDays: 1, days: 3, returned: false };
    expect(sampleRentalRange(r, TODAY)).toEqual({ startDate: '2026-03-29', endDate: '2026-03-31' });
  });
});
