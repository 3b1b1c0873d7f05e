import { AppError, isUkPostcode, postcodeArea } from '@toolshed/core';
import { POSTCODE_AREAS } from './postcode-areas.ts';

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

/** Turns an address into a point on the map. Failures are AppErrors with the spec's messages. */
export interface Geocoder {
  geocode(query: GeocodeQuery): Promise<GeocodeResult>;
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

/** Offline: a valid UK postcode resolves to the centre of its postcode area, marked approximate. */
export function createOfflineGeocoder(): Geocoder {
  return {
    async geocode(query) {
      assertAddress(query);
      if (!isUkPostcode(query.postcode)) throw new AppError('VALIDATION', GEOCODE_MESSAGES.notFound, 'postcode');
      const area = POSTCODE_AREAS[postcodeArea(query.postcode)];
      if (!area) throw new AppError('VALIDATION', GEOCODE_MESSAGES.notFound, 'postcode');
      return checkedPoint(area[1], area[2], true);
    },
  };
}
