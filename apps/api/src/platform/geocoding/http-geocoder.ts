import { AppError } from '@toolshed/core';
import { assertAddress, checkedPoint, GEOCODE_MESSAGES, type Geocoder, type GeocodeResult } from './geocoder.ts';

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
}

/** An address-search web service, called politely: one request at a time, spaced, cached, with a timeout. */
export function createHttpGeocoder(options: HttpGeocoderOptions): Geocoder {
  const cache = new Map<string, GeocodeResult>();
  const doFetch = options.fetch ?? fetch;
  let queue: Promise<unknown> = Promise.resolve();
  let lastCall = 0;

  async function call(q: string): Promise<GeocodeResult> {
    // Spaced from the end of the previous call: the service never sees two requests closer than this.
    const wait = lastCall + options.minIntervalMs - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const url = new URL(options.url);
    url.searchParams.set('q', q);
    url.searchParams.set('format', 'json');
    url.searchParams.set('limit', '1');
    url.searchParams.set('countrycodes', 'gb');
    let body: unknown;
    try {
      const res = await doFetch(url, { signal: AbortSignal.timeout(options.timeoutMs), headers: { accept: 'application/json', 'user-agent': 'Toolshed/1.0' } });
      if (!res.ok) throw new Error(`status ${res.status}`);
      body = await res.json();
    } catch {
      throw new AppError('UNAVAILABLE', GEOCODE_MESSAGES.unavailable);
    } finally {
      lastCall = Date.now();
    }
    const first = Array.isArray(body) ? (body[0] as { lat?: unknown; lon?: unknown } | undefined) : undefined;
    if (!first) throw new AppError('VALIDATION', GEOCODE_MESSAGES.notFound, 'address');
    return checkedPoint(first.lat, first.lon, false);
  }

  return {
    async geocode(query) {
      assertAddress(query);
      const q = [query.address, query.city, query.postcode].map((s) => s.trim()).join(', ');
      const key = q.toLowerCase();
      const hit = cache.get(key);
      if (hit) return hit;
      const result = queue.then(() => call(q));
      queue = result.catch(() => undefined);
      const point = await result;
      cache.set(key, point);
      return point;
    },
  };
}
