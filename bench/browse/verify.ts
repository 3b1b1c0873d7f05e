import type { ItemsPage } from '@toolshed/core/contract';

export interface Verification {
  queries: number;
  matching: number;
  mismatches: string[];
  /** Mean time of one request when nothing else runs, in milliseconds. */
  apiMeanMs: number;
  baselineMeanMs: number;
  /** How many items each query matched on the API, to show the queries are not trivially empty. */
  totals: number[];
}

async function getPage(url: string, timeoutMs: number): Promise<{ page: ItemsPage; ms: number }> {
  const started = performance.now();
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  const page = (await res.json()) as ItemsPage;
  return { page, ms: performance.now() - started };
}

/**
 * Sends every query once to each server, one at a time, and checks they answer the same page: the
 * comparison is only fair if the baseline does the same work. Doubles as the warm-up of both.
 */
export async function verifySameAnswers(apiUrl: string, baselineUrl: string, paths: string[]): Promise<Verification> {
  const mismatches: string[] = [];
  const totals: number[] = [];
  let apiMs = 0;
  let baselineMs = 0;
  for (const path of paths) {
    const api = await getPage(`${apiUrl}${path}`, 10_000);
    const baseline = await getPage(`${baselineUrl}${path}`, 120_000);
    apiMs += api.ms;
    baselineMs += baseline.ms;
    totals.push(api.page.total);
    // Whole items, not just ids: owner, price and image must come out the same too.
    const items = (p: ItemsPage) => JSON.stringify(p.items);
    const total = (p: ItemsPage) => `${p.total}${p.totalCapped ? '+' : ''}`;
    if (total(api.page) !== total(baseline.page) || items(api.page) !== items(baseline.page)) {
      mismatches.push(`${path}: api total ${total(api.page)}, baseline total ${total(baseline.page)}`);
    }
  }
  return {
    queries: paths.length,
    matching: paths.length - mismatches.length,
    mismatches,
    apiMeanMs: Math.round((apiMs / paths.length) * 10) / 10,
    baselineMeanMs: Math.round(baselineMs / paths.length),
    totals,
  };
}
