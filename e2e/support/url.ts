import { expect, type Page } from '@playwright/test';

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

/** The URL is `pathname` with exactly the `filters` given (other keys such as page are ignored). */
export async function expectFilterUrl(page: Page, pathname: string, filters: Record<string, string>): Promise<void> {
  const want = JSON.stringify(Object.entries(filters).sort());
  await expect(page).toHaveURL((url) => url.pathname === pathname && JSON.stringify(Object.entries(filtersIn(url)).sort()) === want);
}
