import { formatPostcode, isUkPostcode } from './postcode.ts';

/**
 * What the browse page needs of near.ts (which re-exports all of it): reading the location box, the
 * radii and how distances are worded. A module of its own so the first page's code takes these and
 * not the measuring, which the map, the popup and Mock Data use.
 */

/** The radii a browse may ask for, in miles; no radius means any distance. */
export const RADIUS_MILES_OPTIONS = [1, 3, 5, 10, 25, 50] as const;
export type RadiusMiles = (typeof RADIUS_MILES_OPTIONS)[number];
/** The radii as a sentence says them: '1, 3, 5, 10, 25 or 50'. */
export const RADIUS_MILES_WORDS = `${RADIUS_MILES_OPTIONS.slice(0, -1).join(', ')} or ${RADIUS_MILES_OPTIONS.at(-1)}`;

/**
 * When nothing is found within the radius, the nearest matches beyond it are named with those within
 * this many miles of the nearest one: 'The nearest: 3 items in Reading, 24 miles'.
 */
export const NEAREST_GROUP_MILES = 3;

/** What the location box asks people for, and says when it cannot use what they typed. */
export const NEAR_MESSAGE = 'Enter a UK postcode or a town';

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

/** '1.2 miles away', '1 mile away', 'Under 0.1 miles away', '12 miles away'. */
export function distanceLabel(miles: number): string {
  if (miles < 0.1) return 'Under 0.1 miles away';
  return `${miles} ${miles === 1 ? 'mile' : 'miles'} away`;
}

export function radiusLabel(radius: RadiusMiles | undefined): string {
  return radius === undefined ? 'Any distance' : `Within ${radius} ${radius === 1 ? 'mile' : 'miles'}`;
}
