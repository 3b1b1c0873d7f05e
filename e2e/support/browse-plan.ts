import { DEFAULT_PAGE_SIZE, MIN_RATING_OPTIONS, compareDates } from '@toolshed/core';
import type { ApiCategory } from '@toolshed/core/contract';
import type { ApiReader } from './api.ts';
import { detailOf, namesOf, type Catalogue } from './catalogue.ts';

/** One filter value and the items the API returns for it in the plan's category. */
export interface FilterCase {
  params: Record<string, string>;
  expected: string[];
}

export interface BrowsePlan {
  category: ApiCategory;
  /** What the grid shows with no filter: the category's first page. */
  names: string[];
  /** Every item of the category (more than a page): the cards a grid could show. */
  all: string[];
  search: FilterCase & { word: string };
  maxPrice: FilterCase & { pounds: string };
  dates: FilterCase & { startDate: string; endDate: string; bookedItem: string };
  minRating: FilterCase & { rating: string };
}

/** What the grid asks for besides the filters: its page size, so a case expects the cards of its first page. */
const GRID = { pageSize: String(DEFAULT_PAGE_SIZE) };

type Chooser<T> = (api: ApiReader, catalogue: Catalogue, category: ApiCategory, names: string[]) => Promise<T | null>;

/** A filter is worth testing when it hides some of the category's items but not all of them. */
async function narrows(api: ApiReader, categoryId: string, params: Record<string, string>, all: number): Promise<FilterCase | null> {
  const page = await api.items(categoryId, { ...params, ...GRID });
  return page.total > 0 && page.total < all ? { params, expected: namesOf(page.items) } : null;
}

const chooseSearch: Chooser<BrowsePlan['search']> = async (api, catalogue, category, names) => {
  const words = names.flatMap((n) => n.toLowerCase().split(/[^a-z]+/)).filter((w) => w.length >= 4);
  for (const word of new Set(words)) {
    const found = await narrows(api, category.id, { search: word }, names.length);
    if (found) return { ...found, word };
  }
  return null;
};

const chooseMaxPrice: Chooser<BrowsePlan['maxPrice']> = async (api, catalogue, category, names) => {
  const prices = [...new Set(catalogue.items.filter((i) => i.categoryId === category.id).map((i) => i.dailyRatePence))].sort(
    (a, b) => a - b,
  );
  for (const pence of prices) {
    const pounds = String(pence / 100);
    const found = await narrows(api, category.id, { maxPrice: pounds }, names.length);
    if (found) return { ...found, pounds };
  }
  return null;
};

const chooseDates: Chooser<BrowsePlan['dates']> = async (api, catalogue, category, names) => {
  for (const item of catalogue.items.filter((i) => i.categoryId === category.id)) {
    for (const booking of detailOf(catalogue, item.id).bookedRanges) {
      // Filters may not start in the past; a booking under way is still booked from today.
      const startDate = compareDates(booking.startDate, catalogue.today) < 0 ? catalogue.today : booking.startDate;
      const found = await narrows(api, category.id, { startDate, endDate: booking.endDate }, names.length);
      if (found && !found.expected.includes(item.name)) return { ...found, startDate, endDate: booking.endDate, bookedItem: item.name };
    }
  }
  return null;
};

const chooseMinRating: Chooser<BrowsePlan['minRating']> = async (api, catalogue, category, names) => {
  for (const option of MIN_RATING_OPTIONS) {
    const rating = String(option);
    const found = await narrows(api, category.id, { minRating: rating }, names.length);
    if (found) return { ...found, rating };
  }
  return null;
};

export type FilterKind = 'search' | 'maxPrice' | 'dates' | 'minRating';
export const FILTER_KINDS: readonly FilterKind[] = ['search', 'maxPrice', 'dates', 'minRating'];

/**
 * Two filters where adding the second changes the grid again, so going Back from both to the first
 * alone is visible in the results and not only in the address bar.
 */
export async function chooseBackPair(
  api: ApiReader,
  plan: BrowsePlan,
): Promise<{ first: FilterKind; second: FilterKind; bothExpected: string[] }> {
  for (const first of FILTER_KINDS) {
    for (const second of FILTER_KINDS) {
      if (first === second) continue;
      const page = await api.items(plan.category.id, { ...plan[first].params, ...plan[second].params, ...GRID });
      const bothExpected = namesOf(page.items);
      const same = bothExpected.length === plan[first].expected.length && bothExpected.every((n) => plan[first].expected.includes(n));
      if (!same) return { first, second, bothExpected };
    }
  }
  throw new Error(`No two filters in ${plan.category.name} narrow the grid one after the other`);
}

/** Picks the first category where every filter visibly changes the grid, with values taken from the seed. */
export async function planBrowse(api: ApiReader, catalogue: Catalogue): Promise<BrowsePlan> {
  for (const category of catalogue.categories.categories) {
    const names = namesOf(catalogue.items.filter((i) => i.categoryId === category.id));
    if (names.length < 2) continue;
    const search = await chooseSearch(api, catalogue, category, names);
    const maxPrice = search && (await chooseMaxPrice(api, catalogue, category, names));
    const dates = maxPrice && (await chooseDates(api, catalogue, category, names));
    const minRating = dates && (await chooseMinRating(api, catalogue, category, names));
    if (search && maxPrice && dates && minRating) {
      const firstPage = namesOf((await api.items(category.id, GRID)).items);
      return { category, names: firstPage, all: names, search, maxPrice, dates, minRating };
    }
  }
  throw new Error('No category in the seeded catalogue lets every filter change the results');
}
