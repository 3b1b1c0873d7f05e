import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database, type Db } from '../../db/database.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { createDbGeocodeCache, trimGeocodeCache } from '../geocoding/geocode-cache.ts';
import { createHttpGeocoder } from '../geocoding/http-geocoder.ts';
import { createRateLimitStore } from './rate-limit-store.ts';
import { createSharedThrottle } from './shared-throttle.ts';

let database: Database;
let dispose: () => Promise<void>;
/** A second connection pool on the same schema: what another API process would have (PostgreSQL only). */
let second: Database | undefined;
beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase());
  if (process.env.DATABASE_URL) {
    const [row] = await queryRows<{ search_path: string }>(database.db, sql`show search_path`);
    const schemaName = row!.search_path.split(',')[0]!.trim().replaceAll('"', '');
    second = await openDatabase({ databaseUrl: process.env.DATABASE_URL, schemaName, poolSize: 4 });
  }
});
afterAll(async () => {
  await second?.close();
  await dispose();
});
const otherProcess = (): Db => second?.db ?? database.db;

describe('rate-limit counters in PostgreSQL', () => {
  it('counts hits of every process in one window and starts again when it ends', async () => {
    let t = new Date('2026-06-01T10:00:00Z').getTime();
    const clock = () => new Date(t);
    const a = createRateLimitStore(database.db, clock);
    const b = createRateLimitStore(otherProcess(), clock);
    const hits = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).hit('sign-in:ann@example.com', 60_000)));
    expect(hits.map((h) => h.count).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(await b.peek('sign-in:ann@example.com')).toBe(12);
    t += 60_000;
    expect(await a.peek('sign-in:ann@example.com')).toBe(0);
    expect((await b.hit('sign-in:ann@example.com', 60_000)).count).toBe(1);
    await a.reset('sign-in:ann@example.com');
    expect(await b.peek('sign-in:ann@example.com')).toBe(0);
  });
});

describe('a throttle shared by every process', () => {
  it('spaces turns taken at once from two processes by the interval', async () => {
    const a = createSharedThrottle(database.db, 'test-service', 200);
    const b = createSharedThrottle(otherProcess(), 'test-service', 200);
    const started = Date.now();
    // When each turn came, from the start: the slots are the interval apart from the first, which
    // is no earlier than the start, and a turn never comes before its slot. A busy machine only
    // makes turns later, so these bounds hold however slow the reservations are; the waits
    // themselves shrink by however late a reservation arrives.
    const came = async (turn: Promise<number>) => ({ wait: await turn, at: Date.now() - started });
    const turns = await Promise.all([came(a.turn()), came(b.turn()), came(a.turn())]);
    const at = turns.map((t) => t.at).sort((x, y) => x - y);
    expect(Math.min(...turns.map((t) => t.wait))).toBeLessThan(50);
    expect(at[1]).toBeGreaterThanOrEqual(195);
    expect(at[2]).toBeGreaterThanOrEqual(395);
  });
});

describe('the geocoder cache shared through PostgreSQL', () => {
  let server: http.Server;
  let calls = 0;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((_req, res) => {
      calls += 1;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify([{ lat: '53.8', lon: '-1.55' }]));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/search`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('answers a second process from the cache without calling the service again', async () => {
    const geocoder = (db: Db) =>
      createHttpGeocoder({
        url: base,
        timeoutMs: 2_000,
        minIntervalMs: 0,
        cache: createDbGeocodeCache(db),
        throttle: createSharedThrottle(db, 'geocoder', 10),
      });
    const query = { address: '1 High Street', city: 'Leeds', postcode: 'LS1 1AA' };
    expect(await geocoder(database.db).geocode(query)).toEqual({ latitude: 53.8, longitude: -1.55, approximate: false });
    expect(await geocoder(otherProcess()).geocode(query)).toEqual({ latitude: 53.8, longitude: -1.55, approximate: false });
    expect(calls).toBe(1);
  });

  it('forgets answers past their age', async () => {
    await createDbGeocodeCache(database.db, () => new Date('2020-01-01T00:00:00Z')).set('old query', {
      latitude: 1,
      longitude: 1,
      approximate: true,
    });
    expect(await createDbGeocodeCache(database.db).get('old query')).toBeUndefined();
    await trimGeocodeCache(database.db, new Date());
    const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from geocode_cache where query = 'old query'`);
    expect(row!.n).toBe(0);
  });
});
