import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, distanceMetres, METRES_PER_MILE, PUBLIC_OFFSET_METRES, todayInLondon } from '@toolshed/core';
import { SAMPLE_ITEMS, SAMPLE_RENTALS } from '@toolshed/core/sample-catalogue';
import { SAMPLE_TOWN_ITEMS } from '@toolshed/core/sample-towns';
import { LARGEST_TOWNS } from '@toolshed/core';
import { openTestDatabase } from '../../test/test-app.ts';
import { createLocalFileStorage } from '../../platform/storage/file-storage.ts';
import { queryRows, type Database } from '../database.ts';
import { seedIfEmpty } from './seed-catalogue.ts';

let database: Database;
let dispose: () => Promise<void>;
let mediaDir: string;
/** The hand-written listings and those of the 60 largest towns. */
const ALL_ITEMS = [...SAMPLE_ITEMS, ...SAMPLE_TOWN_ITEMS];

beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase());
  mediaDir = await mkdtemp(path.join(os.tmpdir(), 'toolshed-seed-'));
}, 120_000);
afterAll(async () => {
  await dispose?.();
  await rm(mediaDir, { recursive: true, force: true });
});

describe('seedIfEmpty', () => {
  it("fills an empty database with the sample catalogue and the towns' listings, three 600x400 images per item", async () => {
    const summary = await seedIfEmpty(database.db, createLocalFileStorage(mediaDir));
    expect(summary).toEqual({ items: ALL_ITEMS.length, rentals: SAMPLE_RENTALS.length });
    expect(ALL_ITEMS.length).toBe(SAMPLE_ITEMS.length + 60 * 6);

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
    expect(images).toHaveLength(ALL_ITEMS.length);
    expect(images.every((i) => i.n === 3)).toBe(true);
    // Every listing has files of its own, even where it shows the same picture as another.
    const [files] = await queryRows<{ keys: number; rows: number }>(
      database.db,
      sql`select count(distinct large_key)::int as keys, count(*)::int as rows from item_images`,
    );
    expect(files!.keys).toBe(files!.rows);
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
    // Within two miles of Headingley: some of the Leeds items (the hand-written and the town's), not all of them.
    const [near] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from items where earth_distance(earth_point(53.82, -1.575), earth_point(public_latitude, public_longitude)) <= ${2 * METRES_PER_MILE}`,
    );
    const leeds = ALL_ITEMS.filter((i) => i.city === 'Leeds').length;
    expect(near!.n).toBeGreaterThan(0);
    expect(near!.n).toBeLessThan(leeds);
  });

  it('lists at least five things within 5 miles of the centre of each of the 60 largest towns, at their public points', async () => {
    const counts = await queryRows<{ town: string; n: number }>(
      database.db,
      sql`select t.town, (select count(*)::int from items i where i.deleted_at is null and i.available
            and earth_distance(earth_point(t.lat, t.lon), earth_point(i.public_latitude, i.public_longitude)) <= ${5 * METRES_PER_MILE}) as n
          from (values ${sql.join(
            LARGEST_TOWNS.map(([town, lat, lon]) => sql`(${town}, ${lat}::float8, ${lon}::float8)`),
            sql`, `,
          )}) t(town, lat, lon)`,
    );
    expect(counts).toHaveLength(60);
    for (const { town, n } of counts) expect(n, town).toBeGreaterThanOrEqual(5);
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

  it('pays for every sample rental as a booking would, so balances and statements agree with the rentals', async () => {
    const [paid] = await queryRows<{ rentals: number; captured: number }>(
      database.db,
      sql`select count(*)::int as rentals, count(*) filter (where p.status = 'captured' and p.amount_pence > r.total_pence)::int as captured
            from rentals r left join payments p on p.id = r.payment_id`,
    );
    expect(paid).toEqual({ rentals: SAMPLE_RENTALS.length, captured: SAMPLE_RENTALS.length });
    // Every posting sums to zero, and each owner's earnings sit where their rentals say: released
    // to available for a returned one, pending for the rest.
    const [unbalanced] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from (select transaction_id from ledger_entries group by transaction_id having sum(amount_pence) <> 0) t`,
    );
    expect(unbalanced!.n).toBe(0);
    const owners = await queryRows<{ owner_id: string; available: number; pending: number; returned: number; unreturned: number }>(
      database.db,
      sql`select r.owner_id,
                 (select coalesce(sum(amount_pence), 0)::int from ledger_entries e where e.user_id = r.owner_id and e.account = 'available') as available,
                 (select coalesce(sum(amount_pence), 0)::int from ledger_entries e where e.user_id = r.owner_id and e.account = 'pending') as pending,
                 sum(r.total_pence) filter (where r.returned)::int as returned, sum(r.total_pence) filter (where not r.returned)::int as unreturned
            from rentals r group by r.owner_id`,
    );
    expect(owners.length).toBeGreaterThan(5);
    for (const o of owners) {
      expect(o.available, o.owner_id).toBe(o.returned ?? 0);
      expect(o.pending, o.owner_id).toBe(o.unreturned ?? 0);
    }
    // A renter's booking is dated when it was made, before the rental began.
    const [late] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from ledger_transactions t join rentals r on r.payment_id = t.payment_id
           where t.kind = 'checkout' and t.created_at >= (r.start_date::timestamp at time zone 'Europe/London')`,
    );
    expect(late!.n).toBe(0);
  });

  it('keeps the vocabulary of the words of every item (through the trigger), with the number of items using each', async () => {
    const rows = await queryRows<{ expected: number; actual: number; differing: number }>(
      database.db,
      // Each item's words counted once per item, grouped by word: a lookup per word over every
      // item's words took 12 s on the whole sample catalogue. A word missing on either side differs too.
      sql`with e as (select w as word, count(distinct i.id)::int as items from items i, search_words_of(i.name || ' ' || i.description) w
                     where i.deleted_at is null group by w)
          select (select count(*) from e)::int as expected,
                 (select count(*) from search_vocabulary)::int as actual,
                 (select count(*) from search_vocabulary v full join e on e.word = v.word where v.items is distinct from e.items)::int as differing`,
    );
    expect(rows[0]!.actual).toBeGreaterThan(SAMPLE_ITEMS.length);
    expect(rows[0]).toEqual({ expected: rows[0]!.actual, actual: rows[0]!.actual, differing: 0 });
  });

  it('does nothing when the database already has a catalogue', async () => {
    expect(await seedIfEmpty(database.db, createLocalFileStorage(mediaDir))).toBeNull();
    const items = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from items`);
    expect(items[0]!.n).toBe(ALL_ITEMS.length);
  });
});
