import { isUkPostcode } from './postcode.ts';

/** 'LS6 2AB' -> 'LS6': the outward code names a district of a few thousand homes, not a street. */
export function postcodeDistrict(postcode: string | null): string | null {
  if (postcode == null || postcode.trim() === '') return null;
  const compact = postcode.replace(/\s+/g, '').toUpperCase();
  return isUkPostcode(compact) ? compact.slice(0, -3) : null;
}

/** Public map points snap to a grid of this many degrees (about 550 m north-south). */
const GRID_DEGREES = 0.005;
/** The circle drawn around a public point always contains the item. */
export const APPROXIMATE_RADIUS_METRES = 500;

function snap(value: number | null): number | null {
  if (value == null || !Number.isFinite(value)) return value;
  return Math.round(Math.round(value / GRID_DEGREES) * GRID_DEGREES * 1000) / 1000;
}

export interface FullLocation {
  address: string | null;
  city: string | null;
  postcode: string | null;
  latitude: number | null;
  longitude: number | null;
}

/**
 * What anyone may see of where an item is before booking it: the town, the postcode district and a
 * point snapped to a coarse grid; never the street address. A renter with a booking sees the rest.
 */
export function publicLocation(location: FullLocation) {
  return {
    address: null,
    city: location.city,
    postcode: postcodeDistrict(location.postcode),
    latitude: snap(location.latitude),
    longitude: snap(location.longitude),
    approximate: true,
  };
}
