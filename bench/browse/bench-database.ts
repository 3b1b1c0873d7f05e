import pg from 'pg';
import { addDays, CATEGORIES, compareDates, todayInLondon } from '@toolshed/core';
import { openDatabase } from '../../apps/api/src/db/database.ts';
import { withoutSecondaryIndexes } from './bulk-load.ts';
import { BENCH_SCALE, imagesStatement, itemsStatement, SEED_SIZE, usersStatement, type Statement } from './seed-sql.ts';
import { RENTALS_PER_ITEM, rentalsStatement } from './seed-rentals-sql.ts';

/** A database per scale, so that the larger catalogue does not replace the standard one. */
export const DEFAULT_BENCH_DATABASE_URL = `postgres://postgres@127.0.0.1:5432/toolshed_bench${BENCH_SCALE === 1 ? '' : `_x${BENCH_SCALE}`}`;

/** Bump when the generated data changes, so an old bench database is rebuilt rather than reused. */
const SEED_VERSION = 5;
/** Upcoming rentals are placed relative to the seed day; after this many days they drift too far. */
const MAX_SEED_AGE_DAYS = 7;

export const EXPECTED_COUNTS: Record<string, number> = {
  categories: CATEGORIES.length,
  users: SEED_SIZE.users,
  items: SEED_SIZE.items,
  item_images: SEED_SIZE.items,
  rentals: SEED_SIZE.items * RENTALS_PER_ITEM,
};

/**
 * The days each item is booked, as migration 0009 computed them for existing rentals. The bench's
 * items and rentals have no buffer days and no blocked days, so this is also what migration 0030's
 * `items_booked_days` gives, in one statement instead of one call per item.
 */
const BOOKED_FROM_RENTALS = `
  update items i set booked = b.booked
  from (select item_id, range_agg(daterange(start_date, end_date, '[]')) as booked
        from rentals where not returned and cancelled_at is null group by item_id) b
  where b.item_id = i.id`;

/** The trigger keeping the search vocabulary (migration 0056), paused for the bulk load. */
const SEARCH_TRIGGERS = ['items_search_vocabulary'];

/** The search vocabulary of every item, written in one pass (as migration 0056 fills it). */
const VOCABULARY_FROM_ITEMS = `truncate search_vocabulary;
  insert into search_vocabulary (word, stem, items)
  select w, search_stem_of(w), count(*)::int from items i cross join lateral search_words_of(i.name || ' ' || i.description) as w
  where i.deleted_at is null group by w`;

/** items.has_photo and the first photo's keys (migrations 0034, 0040) for the whole catalogue at once, as their trigger would have set them. */
const HAS_PHOTO_FROM_IMAGES = `update items i set has_photo = true, photo_large_key = f.large_key, photo_thumb_key = f.thumb_key
  from (select distinct on (item_id) item_id, large_key, thumb_key from item_images order by item_id, position) f
  where f.item_id = i.id`;

interface SeedMark {
  version: number;
  seededOn: string;
}

function databaseName(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  if (!/^[a-z0-9_]+$/i.test(name)) throw new Error(`Unexpected bench database name "${name}"`);
  return name;
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function adminUrl(url: string): string {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
}

async function createIfMissing(url: string, name: string): Promise<void> {
  await withClient(adminUrl(url), async (c) => {
    const found = await c.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await c.query(`create database "${name}"`);
  });
}

/** Why the database cannot be reused, or null when it can. */
async function reuseProblem(url: string): Promise<string | null> {
  return withClient(url, async (c) => {
    const present = await c.query(`select to_regclass('public.rentals') is not null as ok`);
    if (!present.rows[0]?.ok) return 'no tables yet';
    const comment = await c.query(`select shobj_description(oid, 'pg_database') as c from pg_database where datname = current_database()`);
    let mark: SeedMark | undefined;
    try {
      mark = JSON.parse(comment.rows[0]?.c ?? 'null') ?? undefined;
    } catch {
      mark = undefined;
    }
    if (!mark || mark.version !== SEED_VERSION) return 'not seeded by this version of the benchmark';
    if (compareDates(addDays(mark.seededOn, MAX_SEED_AGE_DAYS), todayInLondon()) < 0) return `seeded on ${mark.seededOn}, too old`;
    for (const [table, expected] of Object.entries(EXPECTED_COUNTS)) {
      const res = await c.query(`select count(*)::int as n from ${table}`);
      if (res.rows[0]?.n !== expected) return `${table} has ${res.rows[0]?.n} rows, expected ${expected}`;
    }
    return null;
  });
}

async function recreate(url: string, name: string): Promise<void> {
  // A benchmark that drops databases must never be pointed at a real one by mistake.
  if (!name.includes('bench')) throw new Error(`Refusing to drop "${name}": the bench database name must contain "bench"`);
  await withClient(adminUrl(url), async (c) => {
    await c.query(`drop database if exists "${name}" with (force)`);
    await c.query(`create database "${name}"`);
  });
}

/** Applies pending migrations; returns their names. */
async function migrate(url: string): Promise<string[]> {
  // Two connections: one holds the migration lock while the other migrates.
  const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
  try {
    const pending = await database.pendingMigrations();
    await database.migrate();
    return pending;
  } finally {
    await database.close();
  }
}

/**
 * After migrations applied to a reused bench database: VACUUM (FULL, ANALYZE), so the tables and
 * indexes are as compact as a fresh seed leaves them (`seed` ends the same way), then a plain VACUUM: a rewritten table starts
 * with an empty visibility map (PostgreSQL 15 leaves it so after VACUUM FULL), and until it is set
 * every index-only browse scan reads the table too (autovacuum is off on some CI images). A
 * migration that rewrites rows leaves the old versions' space behind: after
 * 0040 and 0041 wrote every item, the items table took 131 MB and its GiST index 100 MB, against 62
 * and 51 once compacted, and every browse read the larger pages.
 */
async function compactAfterMigrating(url: string, applied: string[]): Promise<void> {
  if (applied.length === 0) return;
  await withClient(url, async (c) => {
    console.log(`  compacting after ${applied.join(', ')}:`);
    await timed(c, { name: 'vacuum full', text: 'vacuum (full, analyze)', values: [] });
    await timed(c, { name: 'vacuum', text: 'vacuum', values: [] });
  });
}

async function timed(client: pg.Client, s: Statement): Promise<void> {
  const started = performance.now();
  const res = await client.query(s.text, s.values);
  console.log(
    `  ${s.name.padEnd(12)} ${String(res.rowCount ?? '').padStart(9)} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

async function seed(url: string, name: string): Promise<void> {
  const today = todayInLondon();
  const started = performance.now();
  await withClient(url, async (c) => {
    await c.query(`set synchronous_commit = off; set maintenance_work_mem = '256MB'; select setseed(0.42)`);
    const cats = {
      name: 'categories',
      text: `insert into categories (id, name, description, position) select * from unnest($1::text[], $2::text[], $3::text[], $4::int[])`,
      values: [
        CATEGORIES.map((x) => x.id),
        CATEGORIES.map((x) => x.name),
        CATEGORIES.map((x) => x.description),
        CATEGORIES.map((_, i) => i),
      ],
    };
    for (const s of [cats, usersStatement()]) await timed(c, s);
    // The trigger keeping items.booked would refresh every item after the million-row insert, while
    // the rentals index it reads is dropped; it is switched off for the load and done once after.
    await c.query('alter table rentals disable trigger rentals_booked_after_insert');
    // Likewise the search vocabulary (migration 0056): one row-level trigger call per item would take
    // minutes; it is built in one pass once the items are in.
    for (const t of SEARCH_TRIGGERS) await c.query(`alter table items disable trigger ${t}`);
    // And the photo flag (migration 0034): its trigger locks and updates the items of the inserted
    // photos from an array of their ids, which took over 13 minutes for a million photos; set once.
    await c.query('alter table item_images disable trigger item_images_has_photo_after_insert');
    await withoutSecondaryIndexes(c, ['items', 'item_images', 'rentals'], async () => {
      for (const s of [itemsStatement(), imagesStatement()]) await timed(c, s);
      await timed(c, { name: 'has_photo', text: HAS_PHOTO_FROM_IMAGES, values: [] });
      await timed(c, rentalsStatement(today));
    });
    await c.query('alter table item_images enable trigger item_images_has_photo_after_insert');
    await timed(c, { name: 'booked', text: BOOKED_FROM_RENTALS, values: [] });
    await c.query('alter table rentals enable trigger rentals_booked_after_insert');
    await timed(c, { name: 'vocabulary', text: VOCABULARY_FROM_ITEMS, values: [] });
    for (const t of SEARCH_TRIGGERS) await c.query(`alter table items enable trigger ${t}`);
    // The booked days were written after the indexes were built, which left every
    // index of items with a dead entry for most items (the bands' index 53 MB against 28 once
    // compacted): compacted here, so a fresh seed reads the pages a reused one does.
    await timed(c, { name: 'vacuum full', text: 'vacuum (full, analyze)', values: [] });
    // VACUUM too, not only ANALYZE: it sets the visibility map, as autovacuum would on a live
    // database, so index-only scans (the rentals anti-join) do not visit the heap; a table VACUUM
    // FULL rewrote starts with an empty one.
    await timed(c, { name: 'vacuum', text: 'vacuum (analyze)', values: [] });
    const mark: SeedMark = { version: SEED_VERSION, seededOn: today };
    await c.query(`comment on database "${name}" is '${JSON.stringify(mark)}'`);
  });
  console.log(`  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Makes sure the bench database exists, is migrated and holds the full seeded catalogue. */
export async function prepareBenchDatabase(url: string): Promise<void> {
  const name = databaseName(url);
  await createIfMissing(url, name);
  const problem = await reuseProblem(url);
  if (problem === null) {
    console.log(
      `Reusing the seeded bench database "${name}" (${Object.entries(EXPECTED_COUNTS)
        .map(([t, n]) => `${n} ${t}`)
        .join(', ')}).`,
    );
    await compactAfterMigrating(url, await migrate(url));
    return;
  }
  console.log(`Rebuilding the bench database "${name}": ${problem}.`);
  await recreate(url, name);
  await migrate(url);
  await seed(url, name);
}
