import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database.ts';
import type { ColumnStatistics, TokenPostings, WordStatistics } from './common-words.ts';

/**
 * What the choice between the postings and the walk needs (common-words.ts): the most common tokens
 * with their estimated postings (planner statistics, migration 0015), the listed items per category
 * (the triggers' counts, migration 0009) and how prices and ratings are spread (statistics of items).
 */
export async function readWordStatistics(db: Db): Promise<WordStatistics> {
  const [tokens, categories, columns] = await Promise.all([
    queryRows<TokenPostings>(
      db,
      sql`
      select t.token, (f.freq * c.reltuples)::int as postings
      from pg_stats s
      cross join lateral unnest(s.most_common_vals::text::int[], s.most_common_freqs) as f(id, freq)
      join search_tokens t on t.id = f.id
      cross join (select reltuples from pg_class where oid = 'search_postings'::regclass) c
      where s.schemaname = current_schema() and s.tablename = 'search_postings' and s.attname = 'token_id' and c.reltuples > 0`,
    ),
    queryRows<{ category_id: string; listed: number }>(db, sql`select category_id, listed::int as listed from category_item_counts`),
    queryRows<{ attname: string; null_frac: number; mcv: number[] | null; mcf: number[] | null; hist: number[] | null }>(
      db,
      sql`
      select attname::text, null_frac, most_common_vals::text::float8[] as mcv, most_common_freqs::float8[] as mcf,
             histogram_bounds::text::float8[] as hist
      from pg_stats where schemaname = current_schema() and tablename = 'items' and attname in ('daily_rate_pence', 'owner_rating')`,
    ),
  ]);
  const column = (name: string): ColumnStatistics | undefined => {
    const c = columns.find((r) => r.attname === name);
    return c
      ? { nullFraction: c.null_frac, commonValues: c.mcv ?? [], commonFrequencies: c.mcf ?? [], histogram: c.hist ?? [] }
      : undefined;
  };
  return {
    tokens,
    listed: Object.fromEntries(categories.map((c) => [c.category_id, c.listed])),
    price: column('daily_rate_pence'),
    rating: column('owner_rating'),
  };
}
