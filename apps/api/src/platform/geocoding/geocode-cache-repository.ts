import { desc, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { geocodeCache } from '../../db/schema.ts';

/** A geocoder answer kept for a query, and when it was received. */
export interface CachedGeocode {
  latitude: number;
  longitude: number;
  approximate: boolean;
  createdAt: Date;
}

export async function findCachedGeocode(db: Db, query: string): Promise<CachedGeocode | undefined> {
  const [row] = await db
    .select({
      latitude: geocodeCache.latitude,
      longitude: geocodeCache.longitude,
      approximate: geocodeCache.approximate,
      createdAt: geocodeCache.createdAt,
    })
    .from(geocodeCache)
    .where(eq(geocodeCache.query, query));
  return row;
}

/** Keeps this answer for the query, replacing an older one. */
export async function saveCachedGeocode(db: Db, query: string, answer: CachedGeocode): Promise<void> {
  const { latitude, longitude, approximate, createdAt } = answer;
  await db
    .insert(geocodeCache)
    .values({ query, latitude, longitude, approximate, createdAt })
    .onConflictDoUpdate({ target: geocodeCache.query, set: { latitude, longitude, approximate, createdAt } });
}

/** Drops answers received before `before`. */
export async function deleteGeocodesBefore(db: Db, before: Date): Promise<void> {
  await db.delete(geocodeCache).where(lt(geocodeCache.createdAt, before));
}

/** Keeps the `keep` newest answers and drops the rest. */
export async function deleteGeocodesBeyond(db: Db, keep: number): Promise<void> {
  const older = db.select({ query: geocodeCache.query }).from(geocodeCache).orderBy(desc(geocodeCache.createdAt)).offset(keep);
  await db.delete(geocodeCache).where(inArray(geocodeCache.query, older));
}
