import { ALL_CATEGORY_ID } from '@toolshed/core';

/** What a saved search looks for, as its browse page's address says it. */
export interface SearchTerms {
  categoryId: string | null;
  search: string | null;
  maxPricePence: number | null;
  minRating: number | null;
  near: string | null;
  radiusMiles: number | null;
}

/** The browse page of a search, as the web app's address has it. */
export function searchPath(s: SearchTerms): string {
  const query = new URLSearchParams();
  if (s.search) query.set('search', s.search);
  if (s.maxPricePence !== null) query.set('maxPrice', (s.maxPricePence / 100).toFixed(2).replace(/\.00$/, ''));
  if (s.minRating !== null) query.set('minRating', String(s.minRating));
  if (s.near) query.set('near', s.near);
  if (s.radiusMiles !== null) query.set('radius', String(s.radiusMiles));
  const q = query.toString();
  return `/category/${s.categoryId ?? ALL_CATEGORY_ID}${q ? `?${q}` : ''}`;
}
