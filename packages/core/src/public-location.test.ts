import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { postcodeDistrict, publicLocation } from './public-location.ts';

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

  it('drops the street address and keeps the town', () => {
    expect(publicLocation({ address: '12 Elm Road', city: 'Leeds', postcode: 'LS6 2AB', latitude: 53.81234, longitude: -1.57777 })).toEqual({
      address: null,
      city: 'Leeds',
      postcode: 'LS6',
      latitude: 53.81,
      longitude: -1.58,
      approximate: true,
    });
  });

  it('moves a point by at most half a grid step (about 350 m), so the 500 m circle contains it', () => {
    fc.assert(
      fc.property(fc.double({ min: 49, max: 61, noNaN: true }), fc.double({ min: -8, max: 2, noNaN: true }), (lat, lng) => {
        const p = publicLocation({ address: 'x', city: 'y', postcode: null, latitude: lat, longitude: lng });
        expect(Math.abs(p.latitude! - lat)).toBeLessThanOrEqual(0.0025 + 1e-9);
        expect(Math.abs(p.longitude! - lng)).toBeLessThanOrEqual(0.0025 + 1e-9);
      }),
    );
  });

  it('keeps missing coordinates missing', () => {
    expect(publicLocation({ address: null, city: null, postcode: null, latitude: null, longitude: null })).toMatchObject({ latitude: null, longitude: null });
  });
});
