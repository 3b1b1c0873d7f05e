import { formatPostcode, isUkPostcode } from './postcode.ts';

/**
 * "Near me": where a browse is centred, how far it reaches, and how far away an item is. The API
 * measures in the database (cube/earthdistance, decision 022) and Mock Data measures here, on the
 * same sphere, so both say the same distance for the same points.
 */

/** The radii a browse may ask for, in miles; no radius means any distance. */
export const RADIUS_MILES_OPTIONS = [1, 3, 5, 10, 25] as const;
export type RadiusMiles = (typeof RADIUS_MILES_OPTIONS)[number];

export const METRES_PER_MILE = 1609.344;
/** The radius of earthdistance's `earth()`, in metres: the database's distances use this sphere. */
export const EARTH_RADIUS_METRES = 6_378_168;

/** What the location box asks people for, and says when it cannot use what they typed. */
export const NEAR_MESSAGE = 'Enter a UK postcode or a town';

/** What the location box says when what was typed reads well but is nowhere the geocoder knows. */
export function placeNotFoundMessage(text: string): string {
  return `"${text}" was not found. ${NEAR_MESSAGE}`;
}
export const MAX_NEAR_LENGTH = 60;

/** Toolshed lists things in the UK and its islands: a point outside these bounds is not a place here. */
const UK_BOUNDS = { south: 49, north: 61.5, west: -9, east: 2.5 } as const;

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/** What the location box held, once read: a full postcode, a postcode district, a place name, or a point. */
export type NearQuery =
  | { kind: 'postcode'; postcode: string }
  | { kind: 'district'; district: string }
  | { kind: 'place'; name: string }
  | { kind: 'point'; latitude: number; longitude: number };

const OUTWARD_CODE = /^[A-Z]{1,2}\d[A-Z\d]?$/i;
const COORDINATES = /^(-?\d{1,2}(?:\.\d{1,6})?)\s*,\s*(-?\d{1,3}(?:\.\d{1,6})?)$/;
/** A town's name: letters first, then letters, spaces and the punctuation of British place names. */
const PLACE_NAME = /^\p{L}[\p{L}\p{M} .,'’&()-]*$/u;

export function insideUk(point: GeoPoint): boolean {
  return (
    point.latitude >= UK_BOUNDS.south &&
    point.latitude <= UK_BOUNDS.north &&
    point.longitude >= UK_BOUNDS.west &&
    point.longitude <= UK_BOUNDS.east
  );
}

/**
 * Reads the location box: 'OX2 6AE' (a postcode), 'OX2' (its district), 'Oxford' (a place), or
 * '51.752,-1.258' (what "Use my location" puts there). Null when it is none of these.
 */
export function readNear(text: string): NearQuery | null {
  const value = text.trim().replace(/\s+/g, ' ');
  if (value.length < 2 || value.length > MAX_NEAR_LENGTH) return null;
  const coordinates = COORDINATES.exec(value);
  if (coordinates) {
    const point = { latitude: Number(coordinates[1]), longitude: Number(coordinates[2]) };
    return insideUk(point) ? { kind: 'point', ...point } : null;
  }
  if (isUkPostcode(value)) return { kind: 'postcode', postcode: formatPostcode(value) };
  if (OUTWARD_CODE.test(value)) return { kind: 'district', district: value.toUpperCase() };
  if (PLACE_NAME.test(value) && /\p{L}{2}/u.test(value)) return { kind: 'place', name: value };
  return null;
}

/** The location box's text for a query: what the address carries as `near`. */
export function nearText(near: NearQuery): string {
  switch (near.kind) {
    case 'postcode':
      return near.postcode;
    case 'district':
      return near.district;
    case 'place':
      return near.name;
    case 'point':
      return `${near.latitude},${near.longitude}`;
  }
}

/**
 * A point from the browser's geolocation as the address carries it: three decimal places (about
 * 100 m), enough to find what is near and no more exact than that about where someone is.
 */
export function pointNearText(point: GeoPoint): string {
  const round = (v: number) => Math.round(v * 1000) / 1000;
  return `${round(point.latitude)},${round(point.longitude)}`;
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * How a point is named back ('51.752, -1.258'): it may be where someone is ("Use my location") or
 * the middle of the map ("Search this area"), so it is called neither.
 */
export function pointLabel(point: GeoPoint): string {
  return `${point.latitude}, ${point.longitude}`;
}

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

/** '1.2 miles away', '1 mile away', 'Under 0.1 miles away', '12 miles away'. */
export function distanceLabel(miles: number): string {
  if (miles < 0.1) return 'Under 0.1 miles away';
  return `${miles} ${miles === 1 ? 'mile' : 'miles'} away`;
}

export function radiusLabel(radius: RadiusMiles | undefined): string {
  return radius === undefined ? 'Any distance' : `Within ${radius} ${radius === 1 ? 'mile' : 'miles'}`;
}
