import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ENGLISH_STOP_WORDS, stemOf, wordsOf } from '@toolshed/core/search';
import { SAMPLE_ITEMS } from '@toolshed/core/sample-catalogue';
import { queryRows, type Database } from '../../db/database.ts';
import { openTestDatabase } from '../../test/test-app.ts';

/**
 * Mock Data stems words in the browser (core's Porter2) and the API in the database (PostgreSQL's
 * English dictionary): the same stems and stop words, or the two would match differently.
 */
let database: Database;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase());
}, 120_000);
afterAll(() => dispose?.());

describe("core's stems and stop words", () => {
  it("agree with the database's for every word of the sample catalogue and every stop word", async () => {
    const words = [...new Set(SAMPLE_ITEMS.flatMap((i) => wordsOf(`${i.name} ${i.description}`)))].filter(
      (w) => !ENGLISH_STOP_WORDS.has(w),
    );
    expect(words.length).toBeGreaterThan(500);
    const rows = await queryRows<{ word: string; stem: string }>(
      database.db,
      sql`select w as word, search_stem_of(w) as stem from json_array_elements_text(${JSON.stringify(words)}::json) w`,
    );
    const differ = rows.filter((r) => r.stem !== stemOf(r.word)).map((r) => `${r.word}: ${r.stem} / ${stemOf(r.word)}`);
    expect(differ).toEqual([]);
    const stops = await queryRows<{ word: string; lexemes: string[] | string }>(
      database.db,
      sql`select w as word, ts_lexize('english_stem', w) as lexemes from json_array_elements_text(${JSON.stringify([...ENGLISH_STOP_WORDS])}::json) w`,
    );
    const notStop = stops.filter((r) => (Array.isArray(r.lexemes) ? r.lexemes.length : r.lexemes !== '{}')).map((r) => r.word);
    expect(notStop).toEqual([]);
  });
});
