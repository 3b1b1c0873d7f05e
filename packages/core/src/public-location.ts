import { pointAt, type GeoPoint } from './near.ts';
import { isUkPostcode } from './postcode.ts';

/** 'LS6 2AB' -> 'LS6': the outward code names a district of a few thousand homes, not a street. */
export function postcodeDistrict(postcode: string | null): string | null {
  if (postcode == null || postcode.trim() === '') return null;
  const compact = postcode.replace(/\s+/g, '').toUpperCase();
  return isUkPostcode(compact) ? compact.slice(0, -3) : null;
}

/**
 * How far an item's public point lies from where it is: a stable offset, drawn once per geocoded
 * point (by the database for real items, migration 0023; from the key for sample items), in any
 * direction. Never nearer than the minimum, so neither a marker nor a distance shows the home.
 */
export const PUBLIC_OFFSET_METRES = { min: 250, max: 400 } as const;
/** Public coordinates are given to this many decimal places (0.001 degrees is about 110 m north-south). */
export const PUBLIC_DECIMALS = 3;
/** The circle drawn around a public point always contains the item: the offset plus the rounding. */
export const APPROXIMATE_RADIUS_METRES = 500;

function rounded(value: number | null | undefined): number | null {
  if (value == null || !Number.isFinite(value)) return null;
  const scale = 10 ** PUBLIC_DECIMALS;
  return Math.round(value * scale) / scale;
}

export interface FullLocation {
  address: string | null;
  city: string | null;
  postcode: string | null;
  latitude: number | null;
  longitude: number | null;
}

export interface PublicPoint {
  latitude: number | null;
  longitude: number | null;
}

/** A public point as answers carry it: rounded to PUBLIC_DECIMALS, or null when there is none. */
export function publicCoordinates(point: PublicPoint | null | undefined): PublicPoint {
  const latitude = rounded(point?.latitude);
  const longitude = rounded(point?.longitude);
  return latitude === null || longitude === null ? { latitude: null, longitude: null } : { latitude, longitude };
}

/**
 * What anyone may see of where an item is before booking it: the town, the postcode district and
 * the item's public point (its stable offset, rounded); never the street address nor the geocoded
 * point. A renter with a booking sees the rest.
 */
export function publicLocation(location: FullLocation, point: PublicPoint | null) {
  return {
    address: null,
    city: location.city,
    postcode: postcodeDistrict(location.postcode),
    ...publicCoordinates(location.latitude === null || location.longitude === null ? null : point),
    approximate: true,
  };
}

/** A 32-bit FNV-1a hash: a stable number from a sample item's key. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/**
 * The public point of a sample item (Mock Data): the same kind of offset the database draws at
 * random, here derived from the item's key so it is the same on every visit. Only for sample data,
 * whose addresses are public anyway: a real item's offset must not be computable from its id.
 */
export function sampleOffsetPoint(key: string, point: GeoPoint): GeoPoint {
  const h = hash(key);
  const bearing = ((h & 0xffff) / 0x10000) * 2 * Math.PI;
  const metres = PUBLIC_OFFSET_METRES.min + ((h >>> 16) / 0x10000) * (PUBLIC_OFFSET_METRES.max - PUBLIC_OFFSET_METRES.min);
  return pointAt(point, metres, bearing);
}
