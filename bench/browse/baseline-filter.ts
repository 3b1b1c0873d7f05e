import { isRangeFree, searchWords, type BrowseFilters, type DateRange } from '@toolshed/core';
import type { ItemSummary } from '@toolshed/core/contract';

/** One item as the prototype held it in memory: everything, including what blocks its dates. */
export interface BaselineItem {
  summary: ItemSummary;
  /** Lower-cased name and description, like the items.search_text column. */
  searchText: string;
  listed: boolean;
  createdAtMs: number;
  booked: DateRange[];
}

function matches(item: BaselineItem, categoryId: string | null, f: BrowseFilters, words: string[]): boolean {
  if (!item.listed) return false;
  if (categoryId !== null && item.summary.categoryId !== categoryId) return false;
  if (f.maxPricePence !== undefined && item.summary.dailyRatePence > f.maxPricePence) return false;
  if (!words.every((w) => item.searchText.includes(w))) return false;
  if (f.minRating !== undefined) {
    const rating = item.summary.owner.rating;
    if (rating === null || rating < f.minRating) return false;
  }
  if (f.startDate && f.endDate && !isRangeFree({ startDate: f.startDate, endDate: f.endDate }, item.booked)) return false;
  return true;
}

/** Newest first, then by id descending, the same order as the API. */
function newestFirst(a: BaselineItem, b: BaselineItem): number {
  if (a.createdAtMs !== b.createdAtMs) return b.createdAtMs - a.createdAtMs;
  return a.summary.id < b.summary.id ? 1 : a.summary.id > b.summary.id ? -1 : 0;
}

/**
 * The prototype's browse: filter every item in JavaScript, sort the matches and cut out the page.
 * Same rules as the SQL in the catalogue repository, so both answer the same page.
 */
export function filterInMemory(
  items: BaselineItem[],
  categoryId: string | null,
  f: BrowseFilters,
): { total: number; items: ItemSummary[] } {
  const words = searchWords(f.search);
  const hits = items.filter((item) => matches(item, categoryId, f, words)).sort(newestFirst);
  const offset = (f.page - 1) * f.pageSize;
  return { total: hits.length, items: hits.slice(offset, offset + f.pageSize).map((h) => h.summary) };
}

/** The API counts filtered matches only up to this many (and then says '1,000+'). */
const COUNT_BOUND = 1000;

/** The total as the API reports it: exact for a listing with no filters, else capped at the bound. */
export function reportedTotal(total: number, f: BrowseFilters): { total: number; totalCapped: boolean } {
  const narrowed =
    searchWords(f.search).length > 0 || f.maxPricePence !== undefined || f.minRating !== undefined || Boolean(f.startDate && f.endDate);
  if (!narrowed || total <= COUNT_BOUND) return { total, totalCapped: false };
  return { total: COUNT_BOUND, totalCapped: true };
}
