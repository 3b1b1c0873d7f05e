import { NEAR_MESSAGE, RADIUS_MILES_OPTIONS, type GeoPoint, type RadiusMiles } from './near-query.ts';

/**
 * "Near me": where a browse is centred, how far it reaches, and how far away an item is. The API
 * measures in the database (cube/earthdistance, decision 022) and Mock Data measures here, on the
 * same sphere, so both say the same distance for the same points.
 */

export {
  distanceLabel,
  insideUk,
  MAX_NEAR_LENGTH,
  NEAR_MESSAGE,
  nearText,
  pointNearText,
  NEAREST_GROUP_MILES,
  RADIUS_MILES_OPTIONS,
  radiusLabel,
  readNear,
  type GeoPoint,
  type NearQuery,
  type RadiusMiles,
} from './near-query.ts';

export const METRES_PER_MILE = 1609.344;
/** The radius of earthdistance's `earth()`, in metres: the database's distances use this sphere. */
export const EARTH_RADIUS_METRES = 6_378_168;

/** The smallest radius that reaches a point `metres` away; undefined when none does (any distance). */
export function radiusReaching(metres: number): RadiusMiles | undefined {
  return RADIUS_MILES_OPTIONS.find((r) => r * METRES_PER_MILE >= metres);
}

/** What the location box says when what was typed reads well but is nowhere the geocoder knows. */
export function placeNotFoundMessage(text: string): string {
  return `"${text}" was not found. ${NEAR_MESSAGE}`;
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance on earthdistance's sphere, in metres (what `earth_distance` answers). */
export function distanceMetres(a: GeoPoint, b: GeoPoint): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The point `metres` away from `from` in the direction `bearing` (radians clockwise from north). */
export function pointAt(from: GeoPoint, metres: number, bearing: number): GeoPoint {
  const d = metres / EARTH_RADIUS_METRES;
  const lat = radians(from.latitude);
  const lon = radians(from.longitude);
  const lat2 = Math.asin(Math.sin(lat) * Math.cos(d) + Math.cos(lat) * Math.sin(d) * Math.cos(bearing));
  const lon2 = lon + Math.atan2(Math.sin(bearing) * Math.sin(d) * Math.cos(lat), Math.cos(d) - Math.sin(lat) * Math.sin(lat2));
  return { latitude: (lat2 * 180) / Math.PI, longitude: (lon2 * 180) / Math.PI };
}

/**
 * A distance as people are told it, in miles: to a tenth of a mile under 10 miles, whole miles from
 * there. Coarse on purpose: measured from an approximate point, it cannot narrow a home down.
 */
export function roundedMiles(metres: number): number {
  const miles = metres / METRES_PER_MILE;
  return miles < 9.95 ? Math.round(miles * 10) / 10 : Math.round(miles);
}
