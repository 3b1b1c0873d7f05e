import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createItem, createUser, insertCategories } from '../../test/factories.ts';

/**
 * The SQL each of browse's query paths sends, rendered into checked-in files (statements/*.sql), so
 * that a reviewer sees in the diff what a change to the browse engine makes the database do. The
 * files are the statements' texts (parameters are numbered placeholders, so the words and dates of
 * the request do not appear); `UPDATE_STATEMENTS=1 npx vitest run browse-statements` writes them again.
 */
const STATEMENTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'statements');
const UPDATE = process.env.UPDATE_STATEMENTS === '1';

/** One request per path: the name of its file and the address asked. */
const PATHS: readonly { name: string; url: string; why: string }[] = [
  {
    name: 'listing-newest',
    url: '/api/categories/all/items?sort=newest',
    why: 'no filter: the page walked newest first, the total from the counts',
  },
  { name: 'listing-relevance', url: '/api/categories/power-tools/items', why: 'a category, no filter: relevance tiers walked' },
  {
    name: 'filters-price-dates',
    url: '/api/categories/power-tools/items?maxPrice=20&startDate=2030-06-01&endDate=2030-06-03',
    why: 'filters without words: counted up to the bound, the page sorted or walked',
  },
  {
    name: 'filters-radius-price-order',
    url: '/api/categories/all/items?near=LS1+1AA&radius=10&sort=price',
    why: 'a radius and an order: the matches read once from the bands or the GiST index',
  },
  {
    name: 'words-one',
    url: '/api/categories/all/items?search=drill',
    why: 'one word: the vocabulary question, then the scored matches and their page',
  },
  {
    name: 'words-several-filters',
    url: '/api/categories/power-tools/items?search=cordless+drill+battery&maxPrice=30&minRating=4&sort=price',
    why: 'three words under filters, in another order',
  },
  {
    name: 'words-place',
    url: '/api/categories/all/items?search=ladders&near=LS1+1AA&radius=25',
    why: 'a plural within a radius, nearest first',
  },
  {
    name: 'words-nothing-under-filters',
    url: '/api/categories/all/items?search=drill&maxPrice=1',
    why: 'no match: each filter left out in turn is counted (the relaxations)',
  },
  { name: 'map', url: '/api/categories/all/items/map?search=drill', why: "the map's points of a search, in its order" },
  { name: 'suggestions', url: '/api/search/suggestions?q=lad', why: 'suggestions while typing: categories and the best item names' },
];

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  await insertCategories(db);
  const owner = await createUser(db, { name: 'Olive Owner' });
  await createItem(db, owner.id, { name: 'Cordless Drill', description: 'An 18V drill with two batteries.' });
  await createItem(db, owner.id, { name: 'Hammer Drill', dailyRatePence: 2500 });
  await createItem(db, owner.id, { name: 'Extension Ladder', categoryId: 'diy-hand-tools', description: 'Three sections, 7 metres.' });
  await createItem(db, owner.id, { name: 'Step Ladder', categoryId: 'diy-hand-tools', description: 'Six treads.' });
});
afterAll(() => ctx?.close());

/** The statements one request sends to the database about the catalogue, in order, each on one line. */
async function statementsOf(url: string): Promise<string[]> {
  const sent: string[] = [];
  ctx.database.observeQueries((text) => {
    sent.push(text);
    return undefined;
  });
  try {
    const res = await ctx.app.inject({ method: 'GET', url });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  } finally {
    ctx.database.observeQueries(undefined);
  }
  return sent
    .filter((text) => /\b(items|search_vocabulary|categories|category_item_counts)\b/.test(text) && !/\bjobs\b/.test(text))
    .map(readable);
}

/** A statement on one line per clause: a line break before each from, where, join, union and order. */
function readable(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/ (?=(from|where|left join|cross join|union all|order by|group by) )/g, '\n  ');
}

function rendered(p: (typeof PATHS)[number], statements: readonly string[]): string {
  const head = `-- GET ${p.url}\n-- ${p.why}\n-- Written by browse-statements.test.ts (UPDATE_STATEMENTS=1 to write again).\n`;
  return `${head}${statements.map((s, at) => `\n-- statement ${at + 1}\n${s};\n`).join('')}`;
}

describe('the SQL of each browse path, as checked in', () => {
  it.each(PATHS)('$name', async (p) => {
    const statements = await statementsOf(p.url);
    expect(statements.length).toBeGreaterThan(0);
    const text = rendered(p, statements);
    const file = path.join(STATEMENTS_DIR, `${p.name}.sql`);
    if (UPDATE) {
      await mkdir(STATEMENTS_DIR, { recursive: true });
      await writeFile(file, text);
      return;
    }
    const kept = await readFile(file, 'utf8').catch(() => '');
    expect(text, `${file} is not what ${p.url} sends: run UPDATE_STATEMENTS=1 npx vitest run browse-statements and review the diff`).toBe(
      kept,
    );
  });
});
