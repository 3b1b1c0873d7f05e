import {
  AppError,
  districtCentre,
  isUkPostcode,
  placeNotFoundMessage,
  placeOffline,
  postcodeDistrict,
  type PlaceQuery,
} from '@toolshed/core';

export interface GeocodeQuery {
  address: string;
  city: string;
  postcode: string;
}

export interface GeocodeResult {
  latitude: number;
  longitude: number;
  /** True when the point is only the postcode district's (or area's) centre. */
  approximate: boolean;
}

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
  return new AppError('VALIDATION', placeNotFoundMessage(placeText(place)), 'near');
}

export const GEOCODE_MESSAGES = {
  noAddress: 'No address provided',
  unavailable: 'Geocoding service unavailable',
  notFound: 'Address not found. Please check the address, city, and postcode.',
  badCoordinates: 'Invalid coordinates received from geocoding service',
} as const;

export function assertAddress(query: GeocodeQuery): void {
  if (!query.address.trim() || !query.city.trim() || !query.postcode.trim())
    throw new AppError('VALIDATION', GEOCODE_MESSAGES.noAddress, 'address');
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

/**
 * Offline: a valid UK postcode resolves to the centre of its postcode district (core's table of
 * district centres) or, for a district the table does not cover, of its area, marked approximate;
 * the location box's postcodes and districts likewise, and towns and neighbourhoods by name.
 */
export function createOfflineGeocoder(): Geocoder {
  return {
    async geocode(query) {
      assertAddress(query);
      if (!isUkPostcode(query.postcode)) throw new AppError('VALIDATION', GEOCODE_MESSAGES.notFound, 'postcode');
      const centre = districtCentre(postcodeDistrict(query.postcode) ?? '');
      if (!centre) throw new AppError('VALIDATION', GEOCODE_MESSAGES.notFound, 'postcode');
      return checkedPoint(centre.latitude, centre.longitude, true);
    },
    async locate(place) {
      const found = placeOffline(place);
      if (!found) throw placeNotFound(place);
      return found;
    },
  };
}
