import { CATEGORIES } from '@toolshed/core';
import { CATEGORY_VOCABULARY, CITIES, CLOSINGS, FIRST_NAMES, LAST_NAMES, NAME_PREFIXES, OPENINGS } from './vocabulary.ts';

/**
 * Set-based seed statements: every table is filled by one INSERT ... SELECT over generate_series,
 * so Postgres does the work without a round trip per row. Random choices are made in an inner
 * subquery (volatile expressions stop Postgres from inlining it), so each row draws each value once.
 */
/**
 * How many times the standard catalogue (5,000 members, 100,000 items, 1,000,000 rentals) the bench
 * seeds: BENCH_SCALE=10 gives 1,000,000 items and 10,000,000 rentals, to see how the costs grow.
 */
export const BENCH_SCALE = scaleFromEnv(process.env.BENCH_SCALE);

export function scaleFromEnv(value: string | undefined): number {
  if (value === undefined || value === '') return 1;
  const scale = Number(value);
  if (!Number.isInteger(scale) || scale < 1 || scale > 20) throw new Error('BENCH_SCALE must be a whole number from 1 to 20');
  return scale;
}

export const SEED_SIZE = { users: 5_000 * BENCH_SCALE, items: 100_000 * BENCH_SCALE } as const;

export interface Statement {
  name: string;
  text: string;
  values: unknown[];
}

/** Picks a random element of the text[] parameter $n. */
const pick = (n: number) => `($${n}::text[])[1 + floor(random() * cardinality($${n}::text[]))::int]`;

export function usersStatement(): Statement {
  return {
    name: 'users',
    text: `
      insert into users (id, name, email, email_verified, rating, total_ratings, created_at, updated_at)
      select id, first || ' ' || last,
             lower(replace(first || '.' || last, '''', '')) || '.' || g || '@example.com', true,
             -- Skewed towards good ratings, as on real marketplaces; about one user in ten is unrated.
             case when unrated then null else round((5 - 4 * r * r)::numeric, 2)::float8 end,
             case when unrated then 0 else 1 + floor(random() * 60)::int end,
             joined, joined
      from (
        select g, 'u' || lpad(g::text, 5, '0') as id, ${pick(1)} as first, ${pick(2)} as last,
               random() < 0.1 as unrated, random() as r, now() - random() * interval '1000 days' as joined
        from generate_series(1, $3::int) g
      ) s`,
    values: [FIRST_NAMES, LAST_NAMES, SEED_SIZE.users],
  };
}

/** Word lists flattened into arrays with per-category offsets, so no join is needed per row. */
function flattenVocabulary() {
  const thresholds: number[] = [];
  const nouns: string[] = [];
  const nounStart: number[] = [];
  const nounCount: number[] = [];
  const extras: string[] = [];
  const extraStart: number[] = [];
  const extraCount: number[] = [];
  let cumulative = 0;
  for (const c of CATEGORIES) {
    const v = CATEGORY_VOCABULARY[c.id];
    thresholds.push(cumulative / 100);
    cumulative += v.share;
    nounStart.push(nouns.length + 1);
    nounCount.push(v.nouns.length);
    nouns.push(...v.nouns);
    extraStart.push(extras.length + 1);
    extraCount.push(v.extras.length);
    extras.push(...v.extras);
  }
  if (cumulative !== 100) throw new Error(`Category shares add up to ${cumulative}, not 100`);
  return { ids: CATEGORIES.map((c) => c.id), thresholds, nouns, nounStart, nounCount, extras, extraStart, extraCount };
}

export function itemsStatement(): Statement {
  const v = flattenVocabulary();
  return {
    name: 'items',
    text: `
      insert into items (owner_id, category_id, name, description, daily_rate_pence, min_days, max_days, address,
                         city, postcode, latitude, longitude, location_approximate, available, created_at, updated_at, deleted_at)
      select owner_id, ($1::text[])[c], ltrim(prefix || ' ' || noun),
             opening || ' ' || lower(noun) || '. Comes with ' || extra || '. ' || closing,
             rate, 1, max_days, house || ' ' || street, ($12::text[])[city], ($13::text[])[city] || district || ' ' || sector,
             ($14::float8[])[city] + dlat, ($15::float8[])[city] + dlng, approx, available, created_at, created_at,
             case when deleted then least(now(), created_at + interval '10 days') end
      from (
        select s.*, ($3::text[])[($4::int[])[c] + floor(r_noun * ($5::int[])[c])::int] as noun,
               ($6::text[])[($7::int[])[c] + floor(r_extra * ($8::int[])[c])::int] as extra
        from (
          select g, width_bucket(random(), $2::float8[]) as c, random() as r_noun, random() as r_extra,
                 'u' || lpad((1 + floor(random() * $17::int))::text, 5, '0') as owner_id,
                 ${pick(9)} as prefix, ${pick(10)} as opening, ${pick(11)} as closing,
                 -- Cheap items are commonest: 3.00 to 100.00 a day in 50p steps, median about 24.
                 300 + floor(power(random(), 2.2) * 194)::int * 50 as rate,
                 (array[7, 14, 30])[1 + floor(random() * 3)::int] as max_days,
                 (1 + floor(random() * 180))::text as house,
                 (array['High Street', 'Church Road', 'Station Road', 'Park Avenue', 'Mill Lane', 'Victoria Road'])[1 + floor(random() * 6)::int] as street,
                 1 + floor(random() * cardinality($12::text[]))::int as city,
                 (1 + floor(random() * 20))::text as district,
                 (1 + floor(random() * 9))::text || chr(65 + floor(random() * 26)::int) || chr(65 + floor(random() * 26)::int) as sector,
                 (random() - 0.5) * 0.08 as dlat, (random() - 0.5) * 0.12 as dlng, random() < 0.2 as approx,
                 random() > 0.03 as available, random() < 0.01 as deleted,
                 -- Staggered listing times, newest last: one every five minutes over about a year.
                 now() - ($16::int - g) * interval '5 minutes' - random() * interval '4 minutes' as created_at
          from generate_series(1, $16::int) g
        ) s
      ) t`,
    values: [
      v.ids,
      v.thresholds,
      v.nouns,
      v.nounStart,
      v.nounCount,
      v.extras,
      v.extraStart,
      v.extraCount,
      NAME_PREFIXES,
      OPENINGS,
      CLOSINGS,
      CITIES.map((c) => c[0]),
      CITIES.map((c) => c[1]),
      CITIES.map((c) => c[2]),
      CITIES.map((c) => c[3]),
      SEED_SIZE.items,
      SEED_SIZE.users,
    ],
  };
}

export function imagesStatement(): Statement {
  return {
    name: 'item_images',
    text: `
      insert into item_images (item_id, position, large_key, thumb_key, width, height, created_at)
      select id, 0, 'items/' || id || '/main-large.webp', 'items/' || id || '/main-thumb.webp', 1200, 800, created_at
      from items`,
    values: [],
  };
}
