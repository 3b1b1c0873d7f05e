import type { Page } from 'playwright-core';
import { waitForUrl } from './waits.ts';

export const FILTER_KEYS = ['search', 'maxPrice', 'startDate', 'endDate', 'minRating'] as const;

/** The filter part of a URL's query, for comparing what the address bar carries. */
export function filtersIn(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = url.searchParams.get(key);
    if (value !== null && value !== '') out[key] = value;
  }
  return out;
}

/** Waits until the URL is `pathname` with exactly the `filters` given (other keys such as page are ignored). */
export function waitForFilterUrl(page: Page, pathname: string, filters: Record<string, string>): Promise<URL> {
  const want = JSON.stringify(Object.entries(filters).sort());
  return waitForUrl(
    page,
    (url) => url.pathname === pathname && JSON.stringify(Object.entries(filtersIn(url)).sort()) === want,
    `expected ${pathname} with filters ${want}`,
  );
}
