import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distanceMetres } from './near.ts';
import {
  APPROXIMATE_RADIUS_METRES,
  PUBLIC_OFFSET_METRES,
  postcodeDistrict,
  publicCoordinates,
  publicLocation,
  sampleOffsetPoint,
} from './public-location.ts';

describe('public location', () => {
  it.each([
    ['LS6 2AB', 'LS6'],
    ['sw1a1aa', 'SW1A'],
    ['M1 1AE', 'M1'],
    ['not a postcode', null],
    ['', null],
    [null, null],
  ])('district of %s is %s', (postcode, district) => {
    expect(postcodeDistrict(postcode)).toBe(district);
  });

  it('drops the street address, keeps the town and gives the public point, rounded', () => {
    const home = { address: '12 Elm Road', city: 'Leeds', postcode: 'LS6 2AB', latitude: 53.81234, longitude: -1.57777 };
    expect(publicLocation(home, { latitude: 53.8144911, longitude: -1.5812345 })).toEqual({
      address: null,
      city: 'Leeds',
      postcode: 'LS6',
      latitude: 53.814,
      longitude: -1.581,
      approximate: true,
    });
  });

  it('keeps missing coordinates missing', () => {
    const nowhere = { address: null, city: null, postcode: null, latitude: null, longitude: null };
    expect(publicLocation(nowhere, { latitude: 53.8, longitude: -1.5 })).toMatchObject({ latitude: null, longitude: null });
    expect(publicLocation({ ...nowhere, latitude: 53.8, longitude: -1.5 }, null)).toMatchObject({ latitude: null, longitude: null });
    expect(publicCoordinates({ latitude: 53.8, longitude: null })).toEqual({ latitude: null, longitude: null });
  });

  it('places a sample item a stable few hundred metres away, inside the circle drawn around its public point', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.double({ min: 49.5, max: 60.5, noNaN: true }),
        fc.double({ min: -8, max: 1.7, noNaN: true }),
        (key, latitude, longitude) => {
          const home = { latitude, longitude };
          const offset = sampleOffsetPoint(key, home);
          expect(sampleOffsetPoint(key, home)).toEqual(offset);
          const metres = distanceMetres(home, offset);
          expect(metres).toBeGreaterThanOrEqual(PUBLIC_OFFSET_METRES.min - 0.01);
          expect(metres).toBeLessThanOrEqual(PUBLIC_OFFSET_METRES.max + 0.01);
          const shown = publicCoordinates(offset);
          expect(distanceMetres(home, { latitude: shown.latitude!, longitude: shown.longitude! })).toBeLessThan(APPROXIMATE_RADIUS_METRES);
        },
      ),
    );
  });
});
