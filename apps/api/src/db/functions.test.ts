import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app.ts';
import { queryRows, type Database, type Db, type Executor } from './database.ts';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { functionFiles, functionsFolder, functionStatements } from './functions.ts';

class RolledBack extends Error {}

let database: Database;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase());
});
afterAll(() => dispose?.());

describe('the database functions and triggers kept as they are now (db/functions/)', () => {
  it('are each a statement that can run again', async () => {
    const statements = await functionStatements();
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) {
      expect(statement.replace(/--[^\n]*/g, '').trim()).toMatch(/^CREATE OR REPLACE (FUNCTION|TRIGGER) /);
    }
  });

  it('are what the database holds: each function body and each trigger as its file says', async () => {
    for (const file of await functionFiles()) {
      const raw = await readFile(path.join(functionsFolder, file), 'utf8');
      const text = raw.replace(/--[^\n]*/g, '').trim();
      const name = file.replace(/(\.trigger)?\.sql$/, '');
      if (file.endsWith('.trigger.sql')) {
        // PostgreSQL writes a trigger back in its own words (event order, brackets): the file's
        // statement is made again under another name, read back the same way, and rolled back.
        const definitionOf = async (tx: Executor, trigger: string) =>
          (
            await queryRows<{ definition: string }>(
              tx as Db,
              // Only this database's schema: tests running beside it on one server hold the same triggers.
              sql`select pg_get_triggerdef(t.oid) as definition from pg_trigger t join pg_class c on c.oid = t.tgrelid
                  where t.tgname = ${trigger} and not t.tgisinternal and c.relnamespace = current_schema()::regnamespace`,
            )
          )[0]?.definition;
        const copy = `${name}_as_filed`;
        let held: string | undefined;
        let filed: string | undefined;
        await database.db
          .transaction(async (tx) => {
            held = await definitionOf(tx, name);
            await tx.execute(sql.raw(text.replace(`"${name}"`, `"${copy}"`)));
            filed = (await definitionOf(tx, copy))?.replace(copy, name);
            throw new RolledBack();
          })
          .catch((err: unknown) => {
            if (!(err instanceof RolledBack)) throw err;
          });
        expect(held, file).toBeDefined();
        expect(held, file).toBe(filed);
      } else {
        const body = /\$\$([\s\S]*)\$\$/.exec(raw)?.[1];
        const [row] = await queryRows<{ body: string }>(
          database.db,
          sql`select p.prosrc as body from pg_proc p where p.proname = ${name} and pg_function_is_visible(p.oid)`,
        );
        expect(row?.body, file).toBe(body);
      }
    }
  });

  it('are what the database runs after migrate, and migrate applies them again without harm', async () => {
    // Another definition in place of the file's: the next migrate puts the file's back.
    await database.db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION "search_stem_of"(word text) RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT 'changed' $$`),
    );
    const stem = async () => (await queryRows<{ s: string }>(database.db, sql`select search_stem_of('ladders') as s`))[0]!.s;
    expect(await stem()).toBe('changed');
    await database.migrate();
    expect(await stem()).toBe('ladder');
    await database.migrate();
    const [row] = await queryRows<{ definition: string }>(
      database.db,
      sql`select pg_get_functiondef('search_vocabulary_sync'::regproc) as definition`,
    );
    expect(row!.definition).toContain('ON CONFLICT (word) DO UPDATE SET items = search_vocabulary.items + 1');
  });

  it('keep the vocabulary trigger working: an item listed adds its words', async () => {
    await database.db.execute(sql`insert into categories (id, name, description, position) values ('tools', 'Tools', 'Tools', 0)`);
    await database.db.execute(sql`insert into users (id, name, email) values ('u1', 'Una', 'una@example.com')`);
    await database.db.execute(
      sql`insert into items (owner_id, category_id, name, description, daily_rate_pence, min_days, max_days) values ('u1', 'tools', 'Zorbing Ball', 'Inflatable', 500, 1, 3)`,
    );
    const words = await queryRows<{ word: string; stem: string }>(database.db, sql`select word, stem from search_vocabulary order by word`);
    expect(words).toEqual([
      { word: 'ball', stem: 'ball' },
      { word: 'inflatable', stem: 'inflat' },
      { word: 'zorbing', stem: 'zorb' },
    ]);
  });
});
