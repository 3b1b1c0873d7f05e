import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ItemsPage } from '@toolshed/core/contract';
import { filtersToQuery } from '@toolshed/core';
import { RELEVANCE_CASES, type RelevanceCase } from '@toolshed/core/search/relevance-cases';
import { measureRelevance, relevanceFilters, relevanceSummary } from '@toolshed/core/search/relevance';
import { SAMPLE_ITEMS } from '@toolshed/core/sample-catalogue';
import { queryRows } from '../../db/database.ts';
import { seedIfEmpty } from '../../db/seed/seed-catalogue.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createLocalFileStorage } from '../../platform/storage/file-storage.ts';

/**
 * The relevance suite (core relevance-cases.ts) against the API on the sample catalogue, on whichever
 * database the tests run on: the same plan as Mock Data, matched and scored by PostgreSQL's text search.
 */
let ctx: TestContext;
const keyOf = new Map<string, string>();

beforeAll(async () => {
  ctx = await createTestApp();
  // The cases are written for the hand-written catalogue (keys and names), without the towns' listings of its models.
  await seedIfEmpty(ctx.database.db, createLocalFileStorage(`${ctx.dataDir}/media`), new Date(), { towns: false });
  const byName = new Map(SAMPLE_ITEMS.map((i) => [i.name, i.key]));
  for (const row of await queryRows<{ id: string; name: string }>(ctx.database.db, sql`select id, name from items`)) {
    keyOf.set(row.id, byName.get(row.name)!);
  }
}, 180_000);
afterAll(() => ctx?.close());

async function apiAnswer(c: RelevanceCase) {
  const query = filtersToQuery(relevanceFilters(c));
  const res = await ctx.app.inject({ method: 'GET', url: `/api/categories/${c.category ?? 'all'}/items?${query}` });
  if (res.statusCode !== 200) throw new Error(`${c.query}: ${res.statusCode} ${res.body}`);
  const page = res.json() as ItemsPage;
  return { keys: page.items.map((i) => keyOf.get(i.id)!), correctedSearch: page.correctedSearch };
}

describe('relevance on the API', () => {
  it('finds a fitting item in the first three for at least 95% of the cases, and answers every case with something', async () => {
    const report = await measureRelevance(RELEVANCE_CASES, apiAnswer);
    console.info(relevanceSummary(`API (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, report));
    expect(report.cases).toBeGreaterThanOrEqual(200);
    expect(report.successAt3).toBeGreaterThanOrEqual(0.95);
    expect(report.zeroResultRate).toBe(0);
  });
});
