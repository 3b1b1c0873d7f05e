import { describe, expect, it } from 'vitest';
import { distanceMetres } from '../near.ts';
import { districtCentre, findTown, LARGEST_TOWNS, placeOffline, pointLabel, POSTCODE_AREAS, POSTCODE_DISTRICTS } from './index.ts';

describe('the district table', () => {
  it.each(Object.entries(POSTCODE_DISTRICTS))(
    '%s is a district of a known area, near that area, with names',
    (district, [names, latitude, longitude]) => {
      expect(district).toMatch(/^[A-Z]{1,2}\d{1,2}$/);
      const area = POSTCODE_AREAS[/^[A-Z]+/.exec(district)![0]];
      expect(area).toBeDefined();
      // Districts lie within about 25 km of their post town (outer Manchester districts are the farthest).
      expect(distanceMetres({ latitude, longitude }, { latitude: area![1], longitude: area![2] })).toBeLessThan(25_000);
      expect(names.trim().length).toBeGreaterThan(2);
    },
  );

  it('places a postcode at its district, a sub-district at its district, and others at their area', () => {
    expect(placeOffline({ kind: 'postcode', postcode: 'OX2 6AE' })).toEqual({ latitude: 51.77, longitude: -1.275, label: 'OX2' });
    expect(districtCentre('EC1A')).toEqual(districtCentre('EC1'));
    expect(placeOffline({ kind: 'district', district: 'AB21' })).toEqual({ latitude: 57.14, longitude: -2.1, label: 'AB21' });
    expect(placeOffline({ kind: 'district', district: 'QQ1' })).toBeUndefined();
  });

  it('finds towns and neighbourhoods by name, whatever the case and punctuation', () => {
    expect(findTown('CAMBRIDGE')).toMatchObject({ label: 'Cambridge' });
    expect(findTown('leith')).toMatchObject({ label: 'Leith', latitude: 55.97 });
    expect(findTown('Brighton & Hove')).toMatchObject({ label: 'Brighton' });
    expect(findTown('London')).toMatchObject({ label: 'London' });
    expect(findTown('London E')).toBeUndefined();
    expect(findTown('Atlantis')).toBeUndefined();
  });
});

describe('a point named back', () => {
  it('after the nearest place the tables know within 10 miles, never by its coordinates', () => {
    expect(pointLabel({ latitude: 51.752, longitude: -1.258 })).toBe('a point near Jericho');
    expect(pointLabel({ latitude: 53.8, longitude: -1.549 })).toMatch(/^a point near [A-Z]/);
    // The North Sea, 20 miles off the coast: no place to name it after.
    expect(pointLabel({ latitude: 54.059, longitude: 1.406 })).toBe('the chosen point');
  });
});

describe('the largest towns', () => {
  it('are sixty, each once, with the district of its centre, of a known area and near its post town', () => {
    expect(LARGEST_TOWNS).toHaveLength(60);
    expect(new Set(LARGEST_TOWNS.map(([name]) => name)).size).toBe(60);
    expect(new Set(LARGEST_TOWNS.map(([, , , district]) => district)).size).toBe(60);
    for (const [name, latitude, longitude, district] of LARGEST_TOWNS) {
      expect(district, name).toMatch(/^[A-Z]{1,2}\d{1,2}[A-Z]?$/);
      const area = POSTCODE_AREAS[/^[A-Z]+/.exec(district)![0]];
      expect(area, name).toBeDefined();
      expect(distanceMetres({ latitude, longitude }, { latitude: area![1], longitude: area![2] }), name).toBeLessThan(30_000);
    }
  });

  it('are found by name, and a postcode of the district of their centre is placed within two miles of it', () => {
    for (const [name, latitude, longitude, district] of LARGEST_TOWNS) {
      const town = findTown(name)!;
      expect(town, name).toBeDefined();
      expect(distanceMetres(town, { latitude, longitude }), name).toBeLessThan(5_000);
      const placed = placeOffline({ kind: 'postcode', postcode: `${district} 1AA` })!;
      expect(distanceMetres(placed, { latitude, longitude }), district).toBeLessThan(2 * 1_609);
    }
  });

  it('place the districts the table lacks at the town centre they hold: RG1 at Reading, NG1 at Nottingham', () => {
    expect(placeOffline({ kind: 'district', district: 'RG1' })).toEqual({ latitude: 51.4543, longitude: -0.9781, label: 'RG1' });
    expect(placeOffline({ kind: 'postcode', postcode: 'NG1 5FS' })).toEqual({ latitude: 52.9548, longitude: -1.1581, label: 'NG1' });
    expect(findTown('Basildon')).toMatchObject({ label: 'Basildon', latitude: 51.573 });
  });
});
