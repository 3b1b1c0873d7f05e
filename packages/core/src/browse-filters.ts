import { compareDates, daysInclusive, isIsoDate, todayInLondon, type IsoDate } from './iso-dates.ts';
import { poundsToPence } from './money.ts';
import { NEAR_MESSAGE, RADIUS_MILES_OPTIONS, RADIUS_MILES_WORDS, readNear, type NearQuery, type RadiusMiles } from './near-query.ts';

export const MIN_RATING_OPTIONS = [3, 3.5, 4, 4.5, 5] as const;
export type MinRating = (typeof MIN_RATING_OPTIONS)[number];

export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;
export const MAX_SEARCH_LENGTH = 100;
export const MAX_FILTER_RANGE_DAYS = 366;

/**
 * The orders people can choose: nearest needs a location. Without a choice, a browse with a
 * location is nearest first and one without is by relevance (`effectiveSort`).
 */
export const BROWSE_SORTS = ['nearest', 'price', 'rating', 'newest'] as const;
export type ChosenSort = (typeof BROWSE_SORTS)[number];
/** Relevance: items with photos whose owners are rated first, then the rest; newest first within each. */
export type BrowseSort = ChosenSort | 'relevance';
export const SORT_LABELS: Record<BrowseSort, string> = {
  relevance: 'Best match',
  nearest: 'Nearest',
  price: 'Lowest price',
  rating: 'Highest rated',
  newest: 'Newest',
};

/** Filters as they arrive from a URL or a form: strings, possibly blank. */
export interface RawBrowseFilters {
  search?: string | undefined;
  maxPrice?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  minRating?: string | undefined;
  /** A number once the API's query schema has read it (contract's pageParam), a string from an address. */
  page?: string | number | undefined;
  pageSize?: string | number | undefined;
  near?: string | undefined;
  radius?: string | undefined;
  sort?: string | undefined;
  /** 'true': match the words as typed, without reading a typing slip as another word. */
  asTyped?: string | undefined;
}

/** Filters after validation. A single startDate means that one day. */
export interface BrowseFilters {
  search?: string;
  maxPricePence?: number;
  startDate?: IsoDate;
  endDate?: IsoDate;
  minRating?: MinRating;
  page: number;
  pageSize: number;
  /** Where the browse is centred (still to be placed on the map by the API's geocoder). */
  near?: NearQuery;
  /** Only items within this many miles of `near`; unset means any distance. */
  radiusMiles?: RadiusMiles;
  /** The order chosen; unset means the default (`effectiveSort`). */
  sort?: ChosenSort;
  /** Match the search's words as typed: no word is read as a near spelling ('Search for what I typed'). */
  searchAsTyped?: true;
}

export type FilterField = keyof RawBrowseFilters;

/** The names people see for each filter: messages use these, never the query parameter names. */
export const FILTER_FIELD_LABELS: Record<FilterField, string> = {
  search: 'Search',
  maxPrice: 'Max price',
  startDate: 'Start date',
  endDate: 'End date',
  minRating: 'Minimum rating',
  page: 'Page',
  pageSize: 'Page size',
  near: 'Location',
  radius: 'Distance',
  sort: 'Sort',
  asTyped: 'Search as typed',
};

export type ParseResult<T> = { ok: true; value: T } | { ok: false; field: FilterField; message: string };

const POUNDS = /^\d{1,7}(\.\d{1,2})?$/;
const WHOLE = /^\d{1,6}$/;

function blank(v: string | number | undefined): boolean {
  return v === undefined || String(v).trim() === '';
}

/** The start and end dates into `out`; the failure when they are not a range that can be searched. */
function readDateRange(raw: RawBrowseFilters, today: IsoDate, out: BrowseFilters): ParseResult<BrowseFilters> | undefined {
  const fail = (field: FilterField, message: string): ParseResult<BrowseFilters> => ({ ok: false, field, message });
  const hasStart = !blank(raw.startDate);
  const hasEnd = !blank(raw.endDate);
  if (hasStart) {
    const start = raw.startDate!.trim();
    if (!isIsoDate(start)) return fail('startDate', 'Start date must be a real calendar date');
    if (compareDates(start, today) < 0) return fail('startDate', 'Start date cannot be in the past');
    out.startDate = start;
    out.endDate = start;
  }
  if (hasEnd) {
    const end = raw.endDate!.trim();
    if (!isIsoDate(end)) return fail('endDate', 'End date must be a real calendar date');
    if (!hasStart) return fail('startDate', 'Start date is needed when an end date is chosen');
    if (compareDates(end, out.startDate!) < 0) return fail('endDate', 'End date cannot be before the start date');
    if (daysInclusive(out.startDate!, end) > MAX_FILTER_RANGE_DAYS)
      return fail('endDate', `End date can be at most ${MAX_FILTER_RANGE_DAYS - 1} days after the start date`);
    out.endDate = end;
  }
  return undefined;
}

/**
 * The one validation of browse filters, used by the API for query parameters and by the web app
 * for the filter form, so both refuse the same input with the same message.
 */
export function parseBrowseFilters(raw: RawBrowseFilters, today: IsoDate = todayInLondon()): ParseResult<BrowseFilters> {
  const out: BrowseFilters = { page: 1, pageSize: DEFAULT_PAGE_SIZE };
  const fail = (field: FilterField, message: string): ParseResult<BrowseFilters> => ({ ok: false, field, message });

  if (!blank(raw.search)) {
    const search = raw.search!.trim().replace(/\s+/g, ' ');
    if (search.length > MAX_SEARCH_LENGTH) return fail('search', `Search can be at most ${MAX_SEARCH_LENGTH} characters`);
    out.search = search;
  }
  if (!blank(raw.asTyped)) {
    const v = raw.asTyped!.trim().toLowerCase();
    if (v !== 'true' && v !== 'false') return fail('asTyped', 'Search as typed must be true or false');
    if (v === 'true' && out.search !== undefined) out.searchAsTyped = true;
  }
  if (!blank(raw.maxPrice)) {
    const v = raw.maxPrice!.trim();
    if (!POUNDS.test(v)) return fail('maxPrice', 'Max price must be an amount in pounds, 0 or more (for example 25 or 12.50)');
    out.maxPricePence = poundsToPence(Number(v));
  }
  const dates = readDateRange(raw, today, out);
  if (dates) return dates;
  if (!blank(raw.minRating)) {
    const v = Number(raw.minRating!.trim());
    const match = MIN_RATING_OPTIONS.find((o) => o === v);
    if (match === undefined || !/^\d(\.\d+)?$/.test(raw.minRating!.trim())) {
      return fail(
        'minRating',
        `Minimum rating must be ${MIN_RATING_OPTIONS.slice(0, -1).join(', ')} or ${MIN_RATING_OPTIONS.at(-1)} stars`,
      );
    }
    out.minRating = match;
  }
  if (!blank(raw.page)) {
    const v = String(raw.page).trim();
    if (!WHOLE.test(v) || Number(v) < 1) return fail('page', 'Page must be a whole number, 1 or more');
    out.page = Number(v);
  }
  if (!blank(raw.pageSize)) {
    const v = String(raw.pageSize).trim();
    if (!WHOLE.test(v) || Number(v) < 1 || Number(v) > MAX_PAGE_SIZE) {
      return fail('pageSize', `Page size must be a whole number from 1 to ${MAX_PAGE_SIZE}`);
    }
    out.pageSize = Number(v);
  }
  if (!blank(raw.near)) {
    const near = readNear(raw.near!);
    if (!near) return fail('near', NEAR_MESSAGE);
    out.near = near;
  }
  if (!blank(raw.radius) && raw.radius!.trim().toLowerCase() !== 'any') {
    const v = raw.radius!.trim();
    const match = RADIUS_MILES_OPTIONS.find((o) => String(o) === v);
    if (match === undefined) return fail('radius', `Distance must be ${RADIUS_MILES_WORDS} miles, or any`);
    if (!out.near) return fail('near', `${NEAR_MESSAGE} to find things within ${match} ${match === 1 ? 'mile' : 'miles'}`);
    out.radiusMiles = match;
  }
  if (!blank(raw.sort)) {
    const v = raw.sort!.trim().toLowerCase();
    const match = BROWSE_SORTS.find((o) => o === v);
    if (match === undefined) return fail('sort', `Sort must be one of: ${BROWSE_SORTS.map((o) => SORT_LABELS[o]).join(', ')}`);
    if (match === 'nearest' && !out.near) return fail('near', `${NEAR_MESSAGE} to see the nearest first`);
    out.sort = match;
  }
  return { ok: true, value: out };
}

/** The order a browse is given: the one chosen, else nearest first with a location and relevance without. */
export function effectiveSort(filters: Pick<BrowseFilters, 'near' | 'sort'>): BrowseSort {
  return filters.sort ?? (filters.near ? 'nearest' : 'relevance');
}

/** Words of a search, lower-cased, split at spaces (the search's plan reads them further: `planSearch` in ./search). */
export function searchWords(search: string | undefined): string[] {
  return (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}
