import { describe, expect, it } from 'vitest';
import { effectiveSort, parseBrowseFilters } from './browse-filters.ts';
import { distanceLabel, distanceMetres, METRES_PER_MILE, pointAt, pointNearText, readNear, roundedMiles } from './near.ts';

describe('the location box', () => {
  it.each([
    ['OX2 6AE', { kind: 'postcode', postcode: 'OX2 6AE' }],
    [' ox26ae ', { kind: 'postcode', postcode: 'OX2 6AE' }],
    ['sw1a 1aa', { kind: 'postcode', postcode: 'SW1A 1AA' }],
    ['ox2', { kind: 'district', district: 'OX2' }],
    ['SE22', { kind: 'district', district: 'SE22' }],
    ['Oxford', { kind: 'place', name: 'Oxford' }],
    ['  Stoke-on-Trent ', { kind: 'place', name: 'Stoke-on-Trent' }],
    ["St. Helen's", { kind: 'place', name: "St. Helen's" }],
    ['51.752,-1.258', { kind: 'point', latitude: 51.752, longitude: -1.258 }],
    ['55.9, -3.19', { kind: 'point', latitude: 55.9, longitude: -3.19 }],
  ])('reads %j', (text, near) => {
    expect(readNear(text)).toEqual(near);
  });

  it.each(['', 'x', '!!!', '12345', 'drop table items;', '40.71,-74.0', '51.5,0.5,1', 'a'.repeat(61), '<script>'])('refuses %j', (text) => {
    expect(readNear(text)).toBeNull();
  });

  it('puts a browser location in the address to three decimal places', () => {
    expect(pointNearText({ latitude: 51.7523456, longitude: -1.2581234 })).toBe('51.752,-1.258');
  });
});

describe('distances', () => {
  it('measures on the database sphere, and finds its way back', () => {
    const oxford = { latitude: 51.752, longitude: -1.258 };
    const there = pointAt(oxford, 5 * METRES_PER_MILE, 1.3);
    expect(distanceMetres(oxford, there)).toBeCloseTo(5 * METRES_PER_MILE, 3);
    // Oxford to Cambridge is about 67 miles as the crow flies.
    expect(distanceMetres(oxford, { latitude: 52.205, longitude: 0.119 }) / METRES_PER_MILE).toBeCloseTo(66.7, 0);
  });

  it.each([
    [0.04, 0, 'Under 0.1 miles away'],
    [1.04, 1, '1 mile away'],
    [1.2345, 1.2, '1.2 miles away'],
    [9.94, 9.9, '9.9 miles away'],
    [9.96, 10, '10 miles away'],
    [12.4, 12, '12 miles away'],
    [12.6, 13, '13 miles away'],
  ])('%f miles is shown as %f (%s)', (miles, shown, label) => {
    expect(roundedMiles(miles * METRES_PER_MILE)).toBe(shown);
    expect(distanceLabel(roundedMiles(miles * METRES_PER_MILE))).toBe(label);
  });
});

describe('location, radius and order in the browse filters', () => {
  const TODAY = '2026-06-01';
  it('reads them together', () => {
    const parsed = parseBrowseFilters({ near: 'OX2', radius: '5', sort: 'price' }, TODAY);
    expect(parsed).toEqual({
      ok: true,
      value: { page: 1, pageSize: 24, near: { kind: 'district', district: 'OX2' }, radiusMiles: 5, sort: 'price' },
    });
  });

  it("takes 'any' or blank as any distance", () => {
    expect(parseBrowseFilters({ near: 'Leeds', radius: 'any' }, TODAY)).toMatchObject({
      ok: true,
      value: { near: { kind: 'place', name: 'Leeds' } },
    });
    expect(parseBrowseFilters({ radius: 'any' }, TODAY)).toEqual({ ok: true, value: { page: 1, pageSize: 24 } });
  });

  it.each([
    [{ near: '???' }, 'near', 'Enter a UK postcode or a town'],
    [{ near: 'Leeds', radius: '2' }, 'radius', 'Distance must be 1, 3, 5, 10, 25 or 50 miles, or any'],
    [{ radius: '1' }, 'near', 'Enter a UK postcode or a town to find things within 1 mile'],
    [{ sort: 'nearest' }, 'near', 'Enter a UK postcode or a town to see the nearest first'],
    [{ sort: 'best' }, 'sort', 'Sort must be one of: Nearest, Lowest price, Highest rated, Newest'],
  ])('refuses %o on %s', (raw, field, message) => {
    expect(parseBrowseFilters(raw, TODAY)).toEqual({ ok: false, field, message });
  });

  it('orders nearest first with a location and by relevance without, unless told', () => {
    expect(effectiveSort({})).toBe('relevance');
    expect(effectiveSort({ near: { kind: 'place', name: 'Leeds' } })).toBe('nearest');
    expect(effectiveSort({ near: { kind: 'place', name: 'Leeds' }, sort: 'newest' })).toBe('newest');
    expect(effectiveSort({ sort: 'price' })).toBe('price');
  });
});
