import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../categories.ts';
import { distanceMetres, METRES_PER_MILE, readNear } from '../near.ts';
import { postcodeDistrict, PUBLIC_OFFSET_METRES } from '../public-location.ts';
import { SAMPLE_DRAWINGS } from '../sample-pictures/index.ts';
import { LARGEST_TOWNS, placeOffline } from '../uk-places/index.ts';
import { SAMPLE_ITEMS, SAMPLE_USERS } from './index.ts';
import { TOWN_PLACES } from './town-places.ts';
import { pictureModel, SAMPLE_TOWN_ITEMS, SAMPLE_TOWN_USERS, TOWN_ITEMS_PER_TOWN } from './town-items.ts';

const UK_POSTCODE = /^[A-PR-UWYZ][A-HK-Y]?\d[A-Z\d]? \d[ABD-HJLNP-UW-Z]{2}$/;
const everything = [...SAMPLE_ITEMS, ...SAMPLE_TOWN_ITEMS];
/**
 * Items whose public point (drawn 250-400 m from the listed place, decision 022) is surely within
 * `miles` of `from`, whichever way it is drawn: their place is within the radius less the offset.
 */
const surelyWithin = (from: { latitude: number; longitude: number }, miles: number) =>
  everything.filter((i) => distanceMetres(from, i) <= miles * METRES_PER_MILE - PUBLIC_OFFSET_METRES.max);

describe('the sample listings of the largest towns', () => {
  it('lists at least five within 5 miles of the centre of each of the 60 largest towns', () => {
    expect(LARGEST_TOWNS).toHaveLength(60);
    for (const [town, latitude, longitude] of LARGEST_TOWNS) {
      expect(surelyWithin({ latitude, longitude }, 5).length, town).toBeGreaterThanOrEqual(5);
      expect(
        SAMPLE_TOWN_ITEMS.filter((i) => i.city === town),
        town,
      ).toHaveLength(TOWN_ITEMS_PER_TOWN);
    }
  });

  it('gives each town six categories and the catalogue all eleven, about evenly', () => {
    for (const [town] of LARGEST_TOWNS) {
      expect(new Set(SAMPLE_TOWN_ITEMS.filter((i) => i.city === town).map((i) => i.categoryId)).size, town).toBe(6);
    }
    const counts = CATEGORIES.map((c) => SAMPLE_TOWN_ITEMS.filter((i) => i.categoryId === c.id).length);
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(30);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
  });

  it('places each at a public place near the centre, in the district of the centre, never at a home', () => {
    for (const [town, latitude, longitude, district] of LARGEST_TOWNS) {
      const places = TOWN_PLACES[town]!;
      expect(places, town).toHaveLength(3);
      for (const [place, lat, lon] of places) {
        expect(distanceMetres({ latitude, longitude }, { latitude: lat, longitude: lon }), `${town}: ${place}`).toBeLessThan(
          2.5 * METRES_PER_MILE,
        );
        expect(place, town).not.toMatch(/^\d/);
      }
      for (const item of SAMPLE_TOWN_ITEMS.filter((i) => i.city === town)) {
        expect(places.map(([place]) => place)).toContain(item.address);
        expect(postcodeDistrict(item.postcode), item.key).toBe(district);
        expect(item.postcode, item.key).toMatch(UK_POSTCODE);
        expect(item.description).toContain(`Handed over at ${item.address}.`);
      }
    }
    expect(Object.keys(TOWN_PLACES).sort()).toEqual(LARGEST_TOWNS.map(([town]) => town).sort());
  });

  it('are models of the hand-written listings, drawn as they are, named apart, with prices near theirs', () => {
    const names = everything.map((i) => i.name);
    expect(new Set(names).size).toBe(names.length);
    for (const item of SAMPLE_TOWN_ITEMS) {
      const model = pictureModel(item);
      expect(model, item.key).not.toBe(item);
      expect(item.name.endsWith(` ${model.name}`), item.key).toBe(true);
      expect([item.categoryId, item.pictureKey, item.minDays, item.maxDays]).toEqual([
        model.categoryId,
        model.key,
        model.minDays,
        model.maxDays,
      ]);
      expect(Object.hasOwn(SAMPLE_DRAWINGS, item.pictureKey!), item.key).toBe(true);
      expect(item.dailyRatePence % 50).toBe(0);
      expect(Math.abs(item.dailyRatePence - model.dailyRatePence)).toBeLessThanOrEqual(model.dailyRatePence * 0.16 + 50);
    }
  });

  it('have keys, lenders and emails of their own, two lenders a town, each with things listed', () => {
    const keys = everything.map((i) => i.key);
    expect(new Set(keys).size).toBe(keys.length);
    const users = [...SAMPLE_USERS, ...SAMPLE_TOWN_USERS];
    expect(new Set(users.map((u) => u.key)).size).toBe(users.length);
    expect(new Set(users.map((u) => u.email)).size).toBe(users.length);
    expect(new Set(SAMPLE_TOWN_USERS.map((u) => u.name)).size).toBe(SAMPLE_TOWN_USERS.length);
    expect(SAMPLE_TOWN_USERS).toHaveLength(120);
    const lenders = new Set(SAMPLE_TOWN_ITEMS.map((i) => i.ownerKey));
    for (const u of SAMPLE_TOWN_USERS) expect(lenders, u.key).toContain(u.key);
    for (const u of SAMPLE_TOWN_USERS) expect(u.email).toMatch(/^[a-z.-]+@example\.com$/);
  });

  // The location box's placeholder and the places people try first, placed by the offline tables.
  it.each([
    ['OX2 6AE', 5],
    ['RG1', 5],
    ['NG1', 5],
    ['L1', 5],
    ['NE1', 5],
    ['SO14', 5],
    ['SW1A 1AA', 5],
    ['SW1A 1AA', 3],
    ['Leeds', 5],
  ])('%s finds at least five within %i miles', (text, miles) => {
    const query = readNear(text)!;
    expect(query.kind).not.toBe('point');
    const placed = placeOffline(query as Exclude<typeof query, { kind: 'point' }>)!;
    expect(placed, text).toBeDefined();
    expect(surelyWithin(placed, miles).length).toBeGreaterThanOrEqual(5);
  });
});
