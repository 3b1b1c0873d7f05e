import { sql, type SQL } from 'drizzle-orm';
import type { BrowseFilters } from '@toolshed/core';
import { DEFAULT_PAGE_SIZE } from '@toolshed/core';
import { ownerNotAwayOn } from '../profile/vacation-sql.ts';
import { withinRadius, withinRadiusByBands, type Near } from './near-sql.ts';
import { PAGE_WINDOW } from './page-sql.ts';

/**
 * An item can be listed: not deleted, offered by its owner and not hidden while its reports wait for
 * an operator (migration 0072; every index over listed items says the same, so walks stay index-only).
 */
const LISTED = sql`i.deleted_at is null and i.available and not i.hidden_pending_review`;

/** Where to look: one category (or all), optionally one owner's items only, optionally around a point. */
export interface BrowseScope {
  categoryId: string | null;
  ownerId?: string;
  /** Owners whose items the asker must not see: those they blocked and those who blocked them. */
  hiddenOwners?: readonly string[];
  /** Where distances are measured from (the location box, geocoded), and how far the browse reaches. */
  near?: Near;
  /** Only items with a public point (the map's): read from items, as within a radius. */
  locatedOnly?: boolean;
}

/**
 * Relevance's two tiers (decision 022): items with a photo whose owner is rated, then the rest.
 * The photo is `has_photo` and the rating `owner_rating` on items (migration 0034, carried by the
 * browse indexes).
 */
export type Tier = 'shown' | 'bare';

export const hasRadius = (scope: BrowseScope): scope is BrowseScope & { near: Near & { radiusMetres: number } } =>
  scope.near?.radiusMetres !== undefined;

/** The tier's condition on `alias`, a row of any browse table (see `Tier`). */
export function tierCondition(tier: Tier, alias: string): SQL {
  const shown = sql.raw(`${alias}.owner_rating is not null and ${alias}.has_photo`);
  return tier === 'shown' ? shown : sql`not (${shown})`;
}

/**
 * True when the browse statement's good plan does not depend on the parameters' values, so it may
 * run as a prepared statement with a generic plan (decision 018): browses on the first pages at the
 * app's page size. Words too (decision 027): every match of a search is read through the search
 * document's GIN index and scored, whatever the words, and their `tsquery`s are built once per run
 * (`once` in word-search-sql.ts), so planning them afresh on every request bought nothing. Dates: yes,
 * since the owners away are read once whatever the date (vacation-sql.ts) and the range is one
 * parameter.
 */
export function preparable(f: BrowseFilters): boolean {
  return f.page <= PREPARED_PAGES && f.pageSize === DEFAULT_PAGE_SIZE;
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
 * Bookable on every day of `range`, as checkout decides: no open rental or held request (buffers
 * included) and no day blocked by the owner's other calendars meets it, all kept in `items.booked`
 * by triggers (migration 0030). The browse indexes carry a bounded part of it (migration 0052,
 * decision 026): `booked_soon`, booked itself up to 32 periods or else its first 32, and
 * `booked_soon_until`, the 33rd's first day ('infinity' when there is none). Dates that meet
 * booked_soon are taken; dates that end before booked_soon_until and do not meet it are free; only
 * dates reaching it (an item with more than 32 periods) are checked against booked on the item's
 * row (`items_booked_meets`, a lookup by key), so the walk stays an index-only scan and its plan what
 * it was. With no dates the range is empty, which no booking meets: `isempty` says so before the
 * days are read, which costs a copy of the multirange for each row (a tenth of the database's time
 * for a browse, most of it counting). The range is one parameter, so both cases stay one statement.
 */
export function freeOn(range: string, alias: string): SQL {
  const a = sql.raw(alias);
  const r = sql`${range}::daterange`;
  // One line: the statement's text is matched line by line in tests and read so in plans.
  return sql`(isempty(${r}) or (not (${a}.booked_soon && ${r}) and (upper(${r}) <= ${a}.booked_soon_until or not items_booked_meets(${a}.id, ${r}))))`;
}

/**
 * The filters other than words, on items `alias`. The owner's rating and the booked days are kept
 * on the item by triggers (migration 0009), so these never read users or rentals.
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
  if (scope.hiddenOwners && scope.hiddenOwners.length > 0)
    parts.push(
      sql`${a}.owner_id not in (${sql.join(
        scope.hiddenOwners.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  parts.push(sql`${a}.daily_rate_pence <= ${f.maxPricePence ?? ANY_PRICE}`);
  if (f.minRating !== undefined) parts.push(sql`${a}.owner_rating >= ${f.minRating}`);
  parts.push(freeOn(datesOf(f).range, alias));
  // The owner away on some of these days (written for `i`).
  if (alias === 'i') parts.push(ownerHere(f, 'i'));
  return parts;
}

/**
 * The conditions on `items i`: listed, the filters, the place, and `extra` (a search's match,
 * word-search-sql.ts).
 */
export function whereFor(scope: BrowseScope, f: BrowseFilters, tier?: Tier, extra: SQL[] = []): SQL {
  const place = hasRadius(scope)
    ? [scope.categoryId === null && scope.ownerId === undefined ? withinRadiusByBands(scope.near) : withinRadius(scope.near)]
    : scope.locatedOnly
      ? [sql`i.public_latitude is not null and i.public_longitude is not null`]
      : [];
  return sql.join([LISTED, ...filterParts(scope, f, 'i', tier), ...place, ...extra], sql` and `);
}

/**
 * The order keys a match carries, for sorting matches without reading their items: none, the price,
 * the owner's rating and the photo flag ('order': every browse index carries them, migration 0044),
 * or those and the public point ('all': the category-first, price and rating indexes carry it, 0035,
 * 0046).
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
