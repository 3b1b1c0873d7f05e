import { sql, type SQL } from 'drizzle-orm';
import type { BrowseFilters } from '@toolshed/core';
import { searchWords } from '@toolshed/core';
import { ownerNotAwayOn } from '../profile/vacation-sql.ts';

/**
 * Counts of filtered browses are exact up to this many matches; beyond it the answer says so
 * ('1,000+') instead of counting every match on every request (decision 009).
 */
export const COUNT_BOUND = 1000;

/** An item can be listed: not deleted and offered by its owner. */
const LISTED = sql`i.deleted_at is null and i.available`;

/** Where to look: one category (or all), optionally one owner's items only. */
export interface BrowseScope {
  categoryId: string | null;
  ownerId?: string;
}

function escapeLike(word: string): string {
  return word.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** True when the filters narrow the listing beyond category and owner (a page, alone, does not). */
export function narrowsListing(f: BrowseFilters): boolean {
  return searchWords(f.search).length > 0 || f.maxPricePence !== undefined || f.minRating !== undefined || Boolean(f.startDate && f.endDate);
}

/** The conditions on `items i`. */
export function whereFor(scope: BrowseScope, f: BrowseFilters): SQL {
  const parts: SQL[] = [LISTED];
  if (scope.categoryId) parts.push(sql`i.category_id = ${scope.categoryId}`);
  if (scope.ownerId) parts.push(sql`i.owner_id = ${scope.ownerId}`);
  if (f.maxPricePence !== undefined) parts.push(sql`i.daily_rate_pence <= ${f.maxPricePence}`);
  for (const word of searchWords(f.search)) parts.push(sql`i.search_text like ${`%${escapeLike(word)}%`}`);
  // The owner's rating and the booked days are kept on the item by triggers (migration 0009), so
  // these read the row (or the covering browse index) rather than users and rentals.
  if (f.minRating !== undefined) parts.push(sql`i.owner_rating >= ${f.minRating}`);
  if (f.startDate && f.endDate) {
    // Free for every day of the range: no active rental overlaps it.
    parts.push(sql`not (i.booked && daterange(${f.startDate}::date, ${f.endDate}::date, '[]'))`);
    // Vacation mode (profile module): the owner is away on some of these days.
    parts.push(ownerNotAwayOn(f.startDate));
  }
  return sql.join(parts, sql` and `);
}

/** Newest first, written to match the listing indexes (`desc nulls last`) so a page reads only its rows. */
export function newestFirst(alias: string): SQL {
  return sql.raw(`${alias}.created_at desc nulls last, ${alias}.id desc nulls last`);
}
