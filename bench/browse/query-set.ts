import { addDays, todayInLondon, type CategoryId, type IsoDate } from '@toolshed/core';

/** One typical filtered browse: what a person types when looking for something for a weekend. */
export interface BrowseVariant {
  categoryId: CategoryId | 'all';
  search: string;
  /** Whole pounds per day, as typed in the filter form. */
  maxPrice: number;
  /** First day, counted from today; all dates fall within the next 60 days. */
  startInDays: number;
  days: number;
  minRating?: number;
}

export const BROWSE_VARIANTS: BrowseVariant[] = [
  { categoryId: 'power-tools', search: 'drill', maxPrice: 25, startInDays: 2, days: 2 },
  { categoryId: 'garden-tools', search: 'mower', maxPrice: 40, startInDays: 5, days: 3 },
  { categoryId: 'diy-hand-tools', search: 'ladder', maxPrice: 20, startInDays: 1, days: 1 },
  { categoryId: 'all', search: 'drill', maxPrice: 30, startInDays: 12, days: 2 },
  { categoryId: 'camping-gear', search: 'tent', maxPrice: 35, startInDays: 30, days: 7 },
  { categoryId: 'party-supplies', search: 'gazebo', maxPrice: 50, startInDays: 20, days: 2 },
  { categoryId: 'cleaning-equipment', search: 'pressure washer', maxPrice: 30, startInDays: 8, days: 1 },
  { categoryId: 'kitchen-appliances', search: 'mixer', maxPrice: 15, startInDays: 3, days: 4 },
  { categoryId: 'sports-equipment', search: 'bike', maxPrice: 45, startInDays: 40, days: 5, minRating: 4 },
  { categoryId: 'moving-equipment', search: 'trolley', maxPrice: 20, startInDays: 14, days: 1 },
  { categoryId: 'audio-visual', search: 'projector', maxPrice: 60, startInDays: 50, days: 3 },
  { categoryId: 'all', search: 'saw', maxPrice: 25, startInDays: 0, days: 3, minRating: 4.5 },
];

export function variantDates(v: BrowseVariant, today: IsoDate): { startDate: IsoDate; endDate: IsoDate } {
  const startDate = addDays(today, v.startInDays);
  return { startDate, endDate: addDays(startDate, v.days - 1) };
}

/**
 * The request path of a variant, exactly as the web app would send it, newest first: the order of
 * the prototype it is compared with (the default is relevance since decision 022).
 */
export function variantPath(v: BrowseVariant, today: IsoDate = todayInLondon()): string {
  const { startDate, endDate } = variantDates(v, today);
  const params = new URLSearchParams({ search: v.search, maxPrice: String(v.maxPrice), startDate, endDate, sort: 'newest' });
  if (v.minRating !== undefined) params.set('minRating', String(v.minRating));
  return `/api/categories/${v.categoryId}/items?${params.toString()}`;
}

/** Hands out the query paths in turn, so concurrent connections spread over all variants. */
export function rotatingPaths(paths: string[]): () => string {
  if (paths.length === 0) throw new Error('No query paths to rotate through');
  let next = 0;
  return () => {
    const path = paths[next % paths.length]!;
    next += 1;
    return path;
  };
}
