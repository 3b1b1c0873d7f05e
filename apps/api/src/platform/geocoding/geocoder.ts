import { AppError, isUkPostcode, NEAR_MESSAGE, postcodeArea, type NearQuery } from '@toolshed/core';
import { POSTCODE_AREAS } from './postcode-areas.ts';
import { findTown } from './towns.ts';

export interface GeocodeQuery {
  address: string;
  city: string;
  postcode: string;
}

export interface GeocodeResult {
  latitude: number;
  longitude: number;
  /** True when the point is only the postcode area's centre. */
  approximate: boolean;
}

/** What the location box of a browse can name: everything but a point, which needs no geocoding. */
export type PlaceQuery = Exclude<NearQuery, { kind: 'point' }>;

export interface PlaceResult {
  latitude: number;
  longitude: number;
  /** How the place is shown back: 'OX2', 'Oxford'. */
  label: string;
}

/** Turns an address into a point on the map. Failures are AppErrors with the spec's messages. */
export interface Geocoder {
  geocode(query: GeocodeQuery): Promise<GeocodeResult>;
  /** Places the location box of a browse: a postcode, a postcode district or a town. */
  locate(place: PlaceQuery): Promise<PlaceResult>;
}

/** The text of a place query, as typed (tidied). */
export function placeText(place: PlaceQuery): string {
  return place.kind === 'postcode' ? place.postcode : place.kind === 'district' ? place.district : place.name;
}

/** A place the geocoder does not know: the browse is refused with the location box's message. */
export function placeNotFound(place: PlaceQuery): AppError {
  return new AppError('VALIDATION', `"${placeText(place)}" was not found. ${NEAR_MESSAGE}`, 'near');
}

export const GEOCODE_MESSAGES = {
  noAddress: 'No address provided',
  unavailable: 'Geocoding service unavailable',
  notFound: 'Address not found. Please check the address, city, and postcode.',
  badCoordinates: 'Invalid coordinates received from geocoding service',
} as const;

export function assertAddress(query: GeocodeQuery): void {
  if (!query.address.trim() || !query.city.trim() || !query.postcode.trim()) throw new AppError('VALIDATION', GEOCODE_MESSAGES.noAddress, 'address');
}

/** Numbers inside the UK and its islands, or an error: a geocoder must never store nonsense. */
export function checkedPoint(lat: unknown, lon: unknown, approximate: boolean): GeocodeResult {
  const latitude = typeof lat === 'string' ? Number(lat) : lat;
  const longitude = typeof lon === 'string' ? Number(lon) : lon;
  if (typeof latitude !== 'number' || typeof longitude !== 'number' || !Number.isFinite(latitude) || !Number.isFinite(longitude)) {
    throw new AppError('UNAVAILABLE', GEOCODE_MESSAGES.badCoordinates);
  }
  if (latitude < 49 || latitude > 61.5 || longitude < -9 || longitude > 2.5 || (latitude === 0 && longitude === 0)) {
    throw new AppError('UNAVAILABLE', GEOCODE_MESSAGES.badCoordinates);
  }
  return { latitude, longitude, approximate };
}

/** The centre of a postcode district ('OX2'), or of its area ('OX') when the district is not known. */
function districtCentre(district: string): { latitude: number; longitude: number } | undefined {
  const area = POSTCODE_AREAS[postcodeArea(district)];
  return area ? { latitude: area[1], longitude: area[2] } : undefined;
}

/**
 * Offline: a valid UK postcode resolves to the centre of its postcode area, marked approximate; the
 * location box's postcodes and districts likewise, and towns from a table of UK towns.
 */
export function createOfflineGeocoder(): Geocoder {
  return {
    async geocode(query) {
      assertAddress(query);
      if (!isUkPostcode(query.postcode)) throw new AppError('VALIDATION', GEOCODE_MESSAGES.notFound, 'postcode');
      const area = POSTCODE_AREAS[postcodeArea(query.postcode)];
      if (!area) throw new AppError('VALIDATION', GEOCODE_MESSAGES.notFound, 'postcode');
      return checkedPoint(area[1], area[2], true);
    },
    async locate(place) {
      if (place.kind === 'place') {
        const town = findTown(place.name);
        if (!town) throw placeNotFound(place);
        return town;
      }
      const district = place.kind === 'postcode' ? place.postcode.split(' ')[0]! : place.district;
      const centre = districtCentre(district);
      if (!centre) throw placeNotFound(place);
      return { ...centre, label: district };
    },
  };
}
