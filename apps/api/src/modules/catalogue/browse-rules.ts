/**
 * The rules of a browse that are not SQL: how far counts are exact, and when filters narrow the
 * listing. Shared by the service (which must not import statement builders) and the statements.
 */
import type { BrowseFilters } from '@toolshed/core';
import { searchWords } from '@toolshed/core';

/**
 * Counts of filtered browses are exact up to this many matches; beyond it the answer says so
 * ('1,000+') instead of counting every match on every request (decision 009).
 */
export const COUNT_BOUND = 1000;

/**
 * True when the filters narrow the listing beyond category and owner (a page, alone, does not; nor
 * a location without a radius, nor an order).
 */
export function narrowsListing(f: BrowseFilters): boolean {
  return (
    searchWords(f.search).length > 0 ||
    f.maxPricePence !== undefined ||
    f.minRating !== undefined ||
    Boolean(f.startDate && f.endDate) ||
    f.radiusMiles !== undefined
  );
}
