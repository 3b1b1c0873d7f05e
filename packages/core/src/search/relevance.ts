/**
 * How well a search engine answers the relevance cases (relevance-cases.ts): success@3 (every item a
 * case names is among the first three, and none it rules out is shown), the mean reciprocal rank of
 * the first named item, and the share of cases answered with nothing. The API's suite and Mock
 * Data's measure themselves with it, and `npm run relevance -w bench` prints the figures.
 */
import type { RawBrowseFilters } from '../browse-filters.ts';
import type { RelevanceCase } from './relevance-cases.ts';

/** A case's browse filters as the address carries them (its category is the path's): one page of up to 100. */
export function relevanceFilters(c: RelevanceCase): RawBrowseFilters {
  return { search: c.query, maxPrice: c.maxPrice, minRating: c.minRating, near: c.near, radius: c.radius, pageSize: '100' };
}

/** What an engine answered for a case: result keys in order, and the search it said it understood. */
export interface RelevanceAnswer {
  keys: readonly string[];
  correctedSearch?: string | undefined;
}

export interface RelevanceFailure {
  case: RelevanceCase;
  firstThree: readonly string[];
  why: string;
}

export interface RelevanceReport {
  cases: number;
  successAt3: number;
  meanReciprocalRank: number;
  zeroResultRate: number;
  failures: RelevanceFailure[];
}

export async function measureRelevance(
  cases: readonly RelevanceCase[],
  answer: (c: RelevanceCase) => RelevanceAnswer | Promise<RelevanceAnswer>,
): Promise<RelevanceReport> {
  let successes = 0;
  let reciprocal = 0;
  let empty = 0;
  const failures: RelevanceFailure[] = [];
  for (const c of cases) {
    const { keys, correctedSearch } = await answer(c);
    const firstThree = keys.slice(0, 3);
    if (keys.length === 0) empty += 1;
    const ranks = c.top3.map((k) => keys.indexOf(k)).filter((r) => r >= 0);
    reciprocal += ranks.length > 0 ? 1 / (Math.min(...ranks) + 1) : 0;
    const missing = c.top3.filter((k) => !firstThree.includes(k));
    const shown = (c.absent ?? []).filter((k) => keys.includes(k));
    const wrongCorrection = c.correctedTo !== undefined && correctedSearch !== c.correctedTo;
    if (missing.length === 0 && shown.length === 0 && !wrongCorrection) {
      successes += 1;
    } else {
      const why = [
        missing.length > 0 ? `not in the first three: ${missing.join(', ')}` : '',
        shown.length > 0 ? `shown though ruled out: ${shown.join(', ')}` : '',
        wrongCorrection ? `understood as ${JSON.stringify(correctedSearch)}, not ${JSON.stringify(c.correctedTo)}` : '',
      ].filter(Boolean);
      failures.push({ case: c, firstThree, why: why.join('; ') });
    }
  }
  const n = cases.length;
  return { cases: n, successAt3: successes / n, meanReciprocalRank: reciprocal / n, zeroResultRate: empty / n, failures };
}

/** The report as lines a person reads. */
export function relevanceSummary(name: string, report: RelevanceReport): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  return [
    `${name}: ${report.cases} cases, success@3 ${pct(report.successAt3)}, MRR ${report.meanReciprocalRank.toFixed(3)}, zero results ${pct(report.zeroResultRate)}`,
    ...report.failures.map(
      (f) => `  x [${f.case.group}] ${JSON.stringify(f.case.query)}: ${f.why} (first three: ${f.firstThree.join(', ') || 'none'})`,
    ),
  ].join('\n');
}
