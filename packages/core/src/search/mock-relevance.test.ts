import { describe, expect, it } from 'vitest';
import { parseBrowseFilters } from '../browse-filters.ts';
import { mockItemsPage } from '../sample-catalogue/mock-browse.ts';
import { RELEVANCE_CASES, type RelevanceCase } from './relevance-cases.ts';
import { measureRelevance, relevanceFilters, relevanceSummary } from './relevance.ts';

const TODAY = '2026-12-01';

/** A case as the browse page asks Mock Data for it. */
export function mockAnswer(c: RelevanceCase) {
  const parsed = parseBrowseFilters(relevanceFilters(c), TODAY);
  if (!parsed.ok) throw new Error(`${c.query}: ${parsed.message}`);
  const page = mockItemsPage(c.category ?? 'all', parsed.value, TODAY)!;
  return { keys: page.items.map((i) => i.id), correctedSearch: page.correctedSearch };
}

describe('relevance on Mock Data (the same plan and scores as the API)', () => {
  it('finds a fitting item in the first three for at least 95% of the cases, and answers every case with something', async () => {
    const report = await measureRelevance(RELEVANCE_CASES, mockAnswer);
    console.info(relevanceSummary('Mock Data', report));
    expect(report.cases).toBeGreaterThanOrEqual(200);
    expect(report.successAt3).toBeGreaterThanOrEqual(0.95);
    expect(report.zeroResultRate).toBe(0);
  });
});
