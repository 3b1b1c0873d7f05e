import type { Db } from '../../db/database.ts';
import { deleteGeocodesBefore, deleteGeocodesBeyond, findCachedGeocode, saveCachedGeocode } from './geocode-cache-repository.ts';
import type { GeocodeResult } from './geocoder.ts';

export interface GeocodeCache {
  get(query: string): Promise<GeocodeResult | undefined>;
  set(query: string, result: GeocodeResult): Promise<void>;
}

/** Answers kept in memory: for a single process (and tests). */
export function createMemoryGeocodeCache(): GeocodeCache {
  const map = new Map<string, GeocodeResult>();
  return { get: async (q) => map.get(q), set: async (q, r) => void map.set(q, r) };
}

/** How long a cached answer is trusted, and how many are kept (oldest dropped by housekeeping). */
export const GEOCODE_CACHE_MAX_AGE_DAYS = 180;
export const GEOCODE_CACHE_MAX_ROWS = 100_000;

/** Answers shared by every process through PostgreSQL. */
export function createDbGeocodeCache(db: Db, now: () => Date = () => new Date()): GeocodeCache {
  return {
    async get(query) {
      const row = await findCachedGeocode(db, query);
      if (!row || now().getTime() - row.createdAt.getTime() > GEOCODE_CACHE_MAX_AGE_DAYS * 86_400_000) return undefined;
      return { latitude: row.latitude, longitude: row.longitude, approximate: row.approximate };
    },
    async set(query, result) {
      await saveCachedGeocode(db, query, {
        latitude: result.latitude,
        longitude: result.longitude,
        approximate: result.approximate,
        createdAt: now(),
      });
    },
  };
}

/** Keeps the shared cache bounded: drops answers past their age, then the oldest beyond the row cap. */
export async function trimGeocodeCache(db: Db, at: Date): Promise<void> {
  const cutoff = new Date(at.getTime() - GEOCODE_CACHE_MAX_AGE_DAYS * 86_400_000);
  await deleteGeocodesBefore(db, cutoff);
  await deleteGeocodesBeyond(db, GEOCODE_CACHE_MAX_ROWS);
}
