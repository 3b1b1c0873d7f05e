import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CATEGORIES } from '@toolshed/core';
import { queryRows, type Database } from '../../db/database.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { createItem, createUser, insertCategories } from '../../test/factories.ts';

/**
 * search_items is kept in category order (migration 0049): the matches of several words across all
 * categories, mostly of one category, then lie on few pages. Its pages keep room for a row's new
 * version (fillfactor 90).
 */
let database: Database;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase());
  await insertCategories(database.db);
  const owner = await createUser(database.db);
  // Listed in turn across the categories, so the triggers write the rows interleaved.
  for (let k = 0; k < 3 * CATEGORIES.length; k++) {
    await createItem(database.db, owner.id, { categoryId: CATEGORIES[k % CATEGORIES.length]!.id, name: `Cordless drill ${k}` });
  }
});
afterAll(async () => dispose());

/** The category of each search_items row, in the order the rows lie in the table. */
async function categoriesAsStored(): Promise<string[]> {
  const rows = await queryRows<{ category_id: string }>(database.db, sql`select category_id from search_items order by ctid`);
  return rows.map((r) => r.category_id);
}

const sorted = (list: string[]) => [...list].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

describe('search_items in category order', () => {
  it('is rewritten in category order by the rebuild', async () => {
    const before = await categoriesAsStored();
    expect(before).toHaveLength(3 * CATEGORIES.length);
    expect(before).not.toEqual(sorted(before));
    await database.db.execute(sql`select search_postings_rebuild()`);
    const after = await categoriesAsStored();
    expect(after).toHaveLength(before.length);
    expect(after).toEqual(sorted(after));
  });

  it('keeps a tenth of each page free for rows rewritten in place', async () => {
    const rows = await queryRows<{ options: string[] | null }>(
      database.db,
      sql`select reloptions as options from pg_class where oid = 'search_items'::regclass`,
    );
    expect(rows[0]?.options).toContain('fillfactor=90');
  });
});
