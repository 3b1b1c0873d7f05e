import { compareDates, daysInclusive, isIsoDate, todayInLondon, type IsoDate } from './dates.ts';
import { poundsToPence } from './money.ts';

export const MIN_RATING_OPTIONS = [3, 3.5, 4, 4.5, 5] as const;
export type MinRating = (typeof MIN_RATING_OPTIONS)[number];

export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;
export const MAX_SEARCH_LENGTH = 100;
export const MAX_FILTER_RANGE_DAYS = 366;

/** Filters as they arrive from a URL or a form: strings, possibly blank. */
export interface RawBrowseFilters {
  search?: string | undefined;
  maxPrice?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  minRating?: string | undefined;
  page?: string | undefined;
  pageSize?: string | undefined;
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
}

export type FilterField = keyof RawBrowseFilters;

export type ParseResult<T> = { ok: true; value: T } | { ok: false; field: FilterField; message: string };

const POUNDS = /^\d{1,7}(\.\d{1,2})?$/;
const WHOLE = /^\d{1,6}$/;

function blank(v: string | undefined): boolean {
  return v === undefined || v.trim() === '';
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
    if (search.length > MAX_SEARCH_LENGTH) return fail('search', `search must be at most ${MAX_SEARCH_LENGTH} characters`);
    out.search = search;
  }
  if (!blank(raw.maxPrice)) {
    const v = raw.maxPrice!.trim();
    if (!POUNDS.test(v)) return fail('maxPrice', 'maxPrice must be a number of pounds, 0 or more (for example 25 or 12.50)');
    out.maxPricePence = poundsToPence(Number(v));
  }
  const hasStart = !blank(raw.startDate);
  const hasEnd = !blank(raw.endDate);
  if (hasStart) {
    const start = raw.startDate!.trim();
    if (!isIsoDate(start)) return fail('startDate', 'startDate must be a date in the form YYYY-MM-DD');
    if (compareDates(start, today) < 0) return fail('startDate', 'startDate cannot be before today');
    out.startDate = start;
    out.endDate = start;
  }
  if (hasEnd) {
    const end = raw.endDate!.trim();
    if (!isIsoDate(end)) return fail('endDate', 'endDate must be a date in the form YYYY-MM-DD');
    if (!hasStart) return fail('startDate', 'startDate is required when endDate is set');
    if (compareDates(end, out.startDate!) < 0) return fail('endDate', 'endDate cannot be before startDate');
    if (daysInclusive(out.startDate!, end) > MAX_FILTER_RANGE_DAYS) return fail('endDate', `endDate must be at most ${MAX_FILTER_RANGE_DAYS - 1} days after startDate`);
    out.endDate = end;
  }
  if (!blank(raw.minRating)) {
    const v = Number(raw.minRating!.trim());
    const match = MIN_RATING_OPTIONS.find((o) => o === v);
    if (match === undefined || !/^\d(\.\d+)?$/.test(raw.minRating!.trim())) {
      return fail('minRating', `minRating must be one of ${MIN_RATING_OPTIONS.join(', ')}`);
    }
    out.minRating = match;
  }
  if (!blank(raw.page)) {
    const v = raw.page!.trim();
    if (!WHOLE.test(v) || Number(v) < 1) return fail('page', 'page must be a whole number, 1 or more');
    out.page = Number(v);
  }
  if (!blank(raw.pageSize)) {
    const v = raw.pageSize!.trim();
    if (!WHOLE.test(v) || Number(v) < 1 || Number(v) > MAX_PAGE_SIZE) {
      return fail('pageSize', `pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}`);
    }
    out.pageSize = Number(v);
  }
  return { ok: true, value: out };
}

/** Words of a search, lower-cased; an item matches when every word appears in its name or description. */
export function searchWords(search: string | undefined): string[] {
  return (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}
