import { AppError } from '@toolshed/core';
import {
  assertAddress,
  checkedPoint,
  GEOCODE_MESSAGES,
  placeNotFound,
  placeText,
  type GeocodeQuery,
  type Geocoder,
  type GeocodeResult,
} from './geocoder.ts';
import { createMemoryGeocodeCache, type GeocodeCache } from './geocode-cache.ts';

export interface HttpGeocoderOptions {
  /**
   * Search endpoint answering a JSON array like `[{ "lat": "51.5", "lon": "-0.1" }]` for
   * `?q=<address, city, postcode>&format=json&limit=1&countrycodes=gb`.
   */
  url: string;
  timeoutMs: number;
  /** At most one request per this many milliseconds (services ask for 1 per second). */
  minIntervalMs: number;
  fetch?: typeof fetch;
  /** Where answers are kept (default: this process's memory; the app passes the shared PostgreSQL cache). */
  cache?: GeocodeCache;
  /**
   * Waits for this caller's turn to call the service. Default: spacing within this process; the app
   * passes a throttle shared through PostgreSQL so the whole deployment keeps to one request per interval.
   */
  throttle?: { turn(): Promise<unknown> };
}

/** Spacing within one process: each call starts at least `minIntervalMs` after the previous one. */
function localThrottle(minIntervalMs: number) {
  let next = 0;
  return {
    async turn() {
      const slot = Math.max(next, Date.now());
      next = slot + minIntervalMs;
      const wait = slot - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    },
  };
}

/** The text an address is looked up by, and (lower-cased) the key its answer is cached under. */
const addressText = (query: GeocodeQuery) => [query.address, query.city, query.postcode].map((s) => s.trim()).join(', ');
export const addressCacheKey = (query: GeocodeQuery) => addressText(query).toLowerCase();

/** An address-search web service, called politely: spaced, cached, with a timeout. */
export function createHttpGeocoder(options: HttpGeocoderOptions): Geocoder {
  const cache = options.cache ?? createMemoryGeocodeCache();
  const throttle = options.throttle ?? localThrottle(options.minIntervalMs);
  const doFetch = options.fetch ?? fetch;

  async function call(q: string): Promise<GeocodeResult> {
    await throttle.turn();
    const url = new URL(options.url);
    url.searchParams.set('q', q);
    url.searchParams.set('format', 'json');
    url.searchParams.set('limit', '1');
    url.searchParams.set('countrycodes', 'gb');
    let body: unknown;
    try {
      const res = await doFetch(url, {
        signal: AbortSignal.timeout(options.timeoutMs),
        headers: { accept: 'application/json', 'user-agent': 'Toolshed/1.0' },
      });
      if (!res.ok) throw new Error(`status ${res.status}`);
      body = await res.json();
    } catch {
      throw new AppError('UNAVAILABLE', GEOCODE_MESSAGES.unavailable);
    }
    const first = Array.isArray(body) ? (body[0] as { lat?: unknown; lon?: unknown } | undefined) : undefined;
    if (!first) throw new AppError('VALIDATION', GEOCODE_MESSAGES.notFound, 'address');
    return checkedPoint(first.lat, first.lon, false);
  }

  /** One answer per text for the whole deployment: answers are kept in the same cache, under their own prefix. */
  async function cachedCall(key: string, q: string): Promise<GeocodeResult> {
    const hit = await cache.get(key);
    if (hit) return hit;
    const point = await call(q);
    await cache.set(key, point);
    return point;
  }

  return {
    async geocode(query) {
      assertAddress(query);
      return cachedCall(addressCacheKey(query), addressText(query));
    },
    async locate(place) {
      const text = placeText(place);
      try {
        const point = await cachedCall(`place:${text.toLowerCase()}`, text);
        return { latitude: point.latitude, longitude: point.longitude, label: text };
      } catch (err) {
        // Nothing found, or something outside the UK: the location box says what to type instead.
        if (err instanceof AppError && (err.code === 'VALIDATION' || err.message === GEOCODE_MESSAGES.badCoordinates))
          throw placeNotFound(place);
        throw err;
      }
    },
  };
}
