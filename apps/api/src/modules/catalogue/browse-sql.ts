import { sql, type SQL } from 'drizzle-orm';
import type { BrowseFilters } from '@toolshed/core';
import { DEFAULT_PAGE_SIZE, searchWords } from '@toolshed/core';
import { ownerNotAwayOn } from '../profile/vacation-sql.ts';
import { withinRadius, withinRadiusByBands, type Near } from './near-sql.ts';
import { PAGE_WINDOW } from './page-sql.ts';
import { NO_STATISTICS, type SearchCosts } from './search-costs.ts';

/**
 * Counts of filtered browses are exact up to this many matches; beyond it the answer says so
 * ('1,000+') instead of counting every match on every request (decision 009).
 */
export const COUNT_BOUND = 1000;

/** An item can be listed: not deleted and offered by its owner. */
const LISTED = sql`i.deleted_at is null and i.available`;
export const LISTED_T = sql`t.deleted_at is null and t.available`;

/**
 * What the search tokens are cut at (migration 0015): ASCII whitespace and punctuation. A word with
 * none of these is inside the text exactly when it is inside one of the text's tokens.
 */
const TOKEN_SEPARATOR = /[\t\n\v\f\r !-/:-@[-`{-~]/;
/** Shorter words match most tokens; the newest-first walk over items finds their matches sooner. */
const MIN_POSTINGS_WORD = 3;

/** Where to look: one category (or all), optionally one owner's items only, optionally around a point. */
export interface BrowseScope {
  categoryId: string | null;
  ownerId?: string;
  /** Where distances are measured from (the location box, geocoded), and how far the browse reaches. */
  near?: Near;
  /** Only items with a public point (the map's): read from items, as within a radius. */
  locatedOnly?: boolean;
}

/**
 * Relevance's two tiers (decision 022): items with a photo whose owner is rated, then the rest.
 * The photo is `has_photo` and the rating `owner_rating` on every browse table: items (migration
 * 0034, carried by the browse indexes), the search postings and search_items (0037).
 */
export type Tier = 'shown' | 'bare';

export const hasRadius = (scope: BrowseScope): scope is BrowseScope & { near: Near & { radiusMetres: number } } =>
  scope.near?.radiusMetres !== undefined;

/** The tier's condition on `alias`, a row of any browse table (see `Tier`). */
export function tierCondition(tier: Tier, alias: string): SQL {
  const shown = sql.raw(`${alias}.owner_rating is not null and ${alias}.has_photo`);
  return tier === 'shown' ? shown : sql`not (${shown})`;
}

function escapeLike(word: string): string {
  return word.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export const containing = (word: string) => `%${escapeLike(word)}%`;

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

/** True when the search postings can answer these words exactly: each has no separator character and three characters or more. */
export function tokenSafe(words: string[]): boolean {
  return words.length > 0 && words.every((w) => w.length >= MIN_POSTINGS_WORD && !TOKEN_SEPARATOR.test(w));
}

/**
 * True when the search postings answer these words exactly (`tokenSafe`) and reading them is
 * expected to cost less than walking the items.
 */
export function postingsAnswer(words: string[], costs: SearchCosts = NO_STATISTICS): boolean {
  return tokenSafe(words) && !costs.preferWalk(words);
}

/**
 * True when the matches come from the search postings (`matchingItems`), not from walking items.
 * Never within a radius: the postings do not know where items are, and the GiST index of their
 * public points finds the few nearby items to check the words on.
 */
export function readsPostings(scope: BrowseScope, f: BrowseFilters, costs: SearchCosts = NO_STATISTICS): boolean {
  return !hasRadius(scope) && !scope.locatedOnly && postingsAnswer(searchWords(f.search), costs);
}

/**
 * True when the browse statement's good plan does not depend on the parameters' values, so it may
 * run as a prepared statement with a generic plan (measured: decision 017). Words the postings
 * could answer: yes, whichever path the costs chose (their LIKE is on the small vocabulary; the walk
 * checks them with `strpos`, which no index serves). A LIKE over items must be planned with its
 * pattern. Dates: yes, since the owners away are read once whatever the date (vacation-sql.ts) and
 * the range is one parameter.
 */
export function preparable(f: BrowseFilters): boolean {
  if (f.page > PREPARED_PAGES || f.pageSize !== DEFAULT_PAGE_SIZE) return false;
  const words = searchWords(f.search);
  return words.length === 0 || tokenSafe(words);
}

/** Pages a prepared statement is kept for, at the app's page size (three windows); deeper pages are planned on each request. */
const PREPARED_PAGES = 1 + 2 * PAGE_WINDOW;

/** An absent maximum price, as written: every price passes (`daily_rate_pence` is a 32-bit integer). */
const ANY_PRICE = 2_147_483_647;

/**
 * The date range of a browse as one typed parameter (built in SQL, a prepared statement's generic
 * plan would build it for every row), and the first day an owner must not be away: with no dates,
 * the empty range, which no booking meets, and 'infinity', when no owner is away.
 */
function datesOf(f: BrowseFilters): { range: string; from: string } {
  return f.startDate && f.endDate ? { range: `[${f.startDate},${f.endDate}]`, from: f.startDate } : { range: 'empty', from: 'infinity' };
}

/** Vacation mode (profile module) on `alias`: the owner is not away on the first day asked for. */
export function ownerHere(f: BrowseFilters, alias: string): SQL {
  return ownerNotAwayOn(datesOf(f).from, alias);
}

/**
 * The filters other than words, on `i`: `items`, `search_postings` or `search_items`, which carry
 * the same columns. The owner's rating and the booked days are kept on the item by triggers
 * (migration 0009) and copied to the postings (0015, 0019), so these never read users or rentals.
 * A maximum price and dates are always written, as conditions every row passes when they are not
 * asked for (`ANY_PRICE`, `datesOf`): a browse with them and one without are then the same
 * statement, prepared and planned once per connection, not four times (decision 018). Each plan
 * costs about half a megabyte of the connection's memory and its first run several warm ones. The
 * generic plan estimates a parameter's condition the same whatever its value, so the plans are those
 * the browses with a price and dates already had (measured over every kind of the mix: the same
 * time in the database, median 1.02x). The price was once taken out again for a plan that read a
 * whole category: that came from an empty visibility map after VACUUM FULL, not from the estimate.
 */
export function filterParts(scope: BrowseScope, f: BrowseFilters, alias = 'i', tier?: Tier): SQL[] {
  const a = sql.raw(alias);
  const parts: SQL[] = [];
  if (tier) parts.push(tierCondition(tier, alias));
  if (scope.categoryId) parts.push(sql`${a}.category_id = ${scope.categoryId}`);
  if (scope.ownerId) parts.push(sql`${a}.owner_id = ${scope.ownerId}`);
  parts.push(sql`${a}.daily_rate_pence <= ${f.maxPricePence ?? ANY_PRICE}`);
  if (f.minRating !== undefined) parts.push(sql`${a}.owner_rating >= ${f.minRating}`);
  // Bookable on every day of the range, as checkout decides: no open rental or held request
  // (buffers included) and no day blocked by the owner's other calendars meets it, all kept in
  // `booked` by triggers (migration 0030).
  // With no dates the range is empty, which no booking meets: `isempty` says so before `booked` is
  // read, which costs a copy of the multirange for each row (a tenth of the database's time for a
  // browse, most of it counting). The range is one parameter, so both cases stay one statement.
  const range = datesOf(f).range;
  parts.push(sql`(isempty(${range}::daterange) or not (${a}.booked && ${range}::daterange))`);
  // The owner away on some of these days (written for `i`; the postings' callers add it themselves).
  if (alias === 'i') parts.push(ownerHere(f, 'i'));
  return parts;
}

/**
 * The conditions on `items i`, for the walk newest first. Words the postings could have answered
 * are here because the walk was estimated cheaper (common words): they are checked with `strpos`,
 * which the trigram index does not serve, so the planner walks as the estimate assumed. With a
 * LIKE, it planned 'ring' with a date and a rating as a bitmap scan of the trigram index over
 * 18,000 rows sorted afterwards (21 ms), where the walk stops after 10,000 rows of the browse index
 * (4 ms). Other words (short, or with punctuation) keep the LIKE, planned with its pattern, since
 * the trigram index is the way to find a rare one.
 */
export function whereFor(scope: BrowseScope, f: BrowseFilters, tier?: Tier, extra: SQL[] = []): SQL {
  const words = searchWords(f.search);
  const checks = tokenSafe(words)
    ? words.map((word) => sql`strpos(i.search_text, ${word}) > 0`)
    : words.map((word) => sql`i.search_text like ${containing(word)}`);
  const place = hasRadius(scope)
    ? [scope.categoryId === null && scope.ownerId === undefined ? withinRadiusByBands(scope.near) : withinRadius(scope.near)]
    : scope.locatedOnly
      ? [sql`i.public_latitude is not null and i.public_longitude is not null`]
      : [];
  return sql.join([LISTED, ...filterParts(scope, f, 'i', tier), ...checks, ...place, ...extra], sql` and `);
}

/**
 * The order keys a match carries, for sorting matches without reading their items: none, the price,
 * the owner's rating and the photo flag ('order': every browse index carries them, migration 0044),
 * or those and the public point ('all': the search postings and search_items carry it, 0037-0039, and
 * the category-first, price and rating indexes, 0035, 0046).
 */
export type CarriedKeys = 'none' | 'order' | 'all';

export function carriedKeys(keys: CarriedKeys, alias: string): SQL {
  if (keys === 'none') return sql``;
  const place = keys === 'all' ? `, ${alias}.public_latitude, ${alias}.public_longitude` : '';
  return sql.raw(`, ${alias}.daily_rate_pence, ${alias}.owner_rating, ${alias}.has_photo${place}`);
}

/** Newest first, written to match the listing indexes (`desc nulls last`) so a page reads only its rows. */
export function newestFirst(alias: string): SQL {
  return sql.raw(`${alias}.created_at desc nulls last, ${alias}.id desc nulls last`);
}
