import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, distanceMetres, METRES_PER_MILE, PUBLIC_OFFSET_METRES, todayInLondon } from '@toolshed/core';
import { SAMPLE_ITEMS, SAMPLE_RENTALS } from '@toolshed/core/sample-catalogue';
import { openTestDatabase } from '../../test/test-app.ts';
import { createLocalFileStorage } from '../../platform/storage/file-storage.ts';
import { queryRows, type Database } from '../database.ts';
import { seedIfEmpty } from './seed-catalogue.ts';

let database: Database;
let dispose: () => Promise<void>;
let mediaDir: string;

beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase());
  mediaDir = await mkdtemp(path.join(os.tmpdir(), 'toolshed-seed-'));
}, 120_000);
afterAll(async () => {
  await dispose?.();
  await rm(mediaDir, { recursive: true, force: true });
});

describe('seedIfEmpty', () => {
  it('fills an empty database with the sample catalogue, three 600x400 images per item', async () => {
    const summary = await seedIfEmpty(database.db, createLocalFileStorage(mediaDir));
    expect(summary).toEqual({ items: SAMPLE_ITEMS.length, rentals: SAMPLE_RENTALS.length });

    const perCategory = await queryRows<{ category_id: string; n: number }>(
      database.db,
      sql`select category_id, count(*)::int as n from items group by category_id`,
    );
    expect(perCategory).toHaveLength(CATEGORIES.length);
    for (const row of perCategory) expect(row.n).toBeGreaterThanOrEqual(5);

    const images = await queryRows<{ item_id: string; n: number; large_key: string }>(
      database.db,
      sql`select item_id, count(*)::int as n, min(large_key) as large_key from item_images group by item_id`,
    );
    expect(images).toHaveLength(SAMPLE_ITEMS.length);
    expect(images.every((i) => i.n === 3)).toBe(true);
    const file = path.join(mediaDir, images[0]!.large_key);
    expect((await stat(file)).size).toBeGreaterThan(1000);
    expect(await sharp(file).metadata()).toMatchObject({ width: 600, height: 400, format: 'webp' });
  }, 120_000);

  it('gives every item a public point a few hundred metres from its place, and a radius finds a neighbourhood', async () => {
    const rows = await queryRows<{ name: string; latitude: number; longitude: number; public_latitude: number; public_longitude: number }>(
      database.db,
      sql`select name, latitude, longitude, public_latitude, public_longitude from items`,
    );
    for (const r of rows) {
      const metres = distanceMetres(
        { latitude: r.latitude, longitude: r.longitude },
        { latitude: r.public_latitude, longitude: r.public_longitude },
      );
      expect(metres, r.name).toBeGreaterThanOrEqual(PUBLIC_OFFSET_METRES.min - 1);
      expect(metres, r.name).toBeLessThanOrEqual(PUBLIC_OFFSET_METRES.max + 1);
    }
    // Within two miles of Headingley: some of the Leeds items, not all of them.
    const [near] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from items where earth_distance(earth_point(53.82, -1.575), earth_point(public_latitude, public_longitude)) <= ${2 * METRES_PER_MILE}`,
    );
    const leeds = SAMPLE_ITEMS.filter((i) => i.city === 'Leeds').length;
    expect(near!.n).toBeGreaterThan(0);
    expect(near!.n).toBeLessThan(leeds);
  });

  it('gives owners ratings from reviews and leaves some unrated', async () => {
    const ratings = await queryRows<{ rated: number; unrated_owners: number }>(
      database.db,
      sql`select count(*) filter (where rating is not null)::int as rated,
                 count(*) filter (where rating is null and exists (select 1 from items i where i.owner_id = users.id))::int as unrated_owners
          from users`,
    );
    expect(ratings[0]!.rated).toBeGreaterThan(5);
    expect(ratings[0]!.unrated_owners).toBeGreaterThanOrEqual(1);
  });

  it('books days in the coming weeks so calendars show them', async () => {
    const upcoming = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from rentals where not returned and end_date >= ${todayInLondon()}::date`,
    );
    expect(upcoming[0]!.n).toBeGreaterThan(10);
  });

  it('keeps the vocabulary of the words of every item (through the trigger), with the number of items using each', async () => {
    const rows = await queryRows<{ expected: number; actual: number; differing: number }>(
      database.db,
      sql`select (select count(distinct w) from items i, search_words_of(i.name || ' ' || i.description) w where i.deleted_at is null)::int as expected,
                 (select count(*) from search_vocabulary)::int as actual,
                 (select count(*) from search_vocabulary v where v.items <> (select count(*) from items i
                    where i.deleted_at is null and v.word in (select search_words_of(i.name || ' ' || i.description))))::int as differing`,
    );
    expect(rows[0]!.actual).toBeGreaterThan(SAMPLE_ITEMS.length);
    expect(rows[0]).toEqual({ expected: rows[0]!.actual, actual: rows[0]!.actual, differing: 0 });
  });

  it('does nothing when the database already has a catalogue', async () => {
    expect(await seedIfEmpty(database.db, createLocalFileStorage(mediaDir))).toBeNull();
    const items = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from items`);
    expect(items[0]!.n).toBe(SAMPLE_ITEMS.length);
  });
});
