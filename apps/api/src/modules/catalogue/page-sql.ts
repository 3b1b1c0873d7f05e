/**
 * The rows a browse statement returns: row counts written into its text, and pages cut from a
 * window of them by an offset sent as a value (decision 018).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { BrowseFilters } from '@toolshed/core';

/**
 * Pages found by one statement. A window of pages is found from the first match, with its rows'
 * limit written in (`rowCount`), and the page cut from it by an offset sent as a parameter
 * (`pageOf`): page 1 alone (seven browses in ten, so its walks stay as short as its 24 rows), then
 * pages 2 and 3 together, 4 and 5, and so on. Where the matches are read whole anyway (a word's
 * postings, a circle), every page is cut from them by the offset alone. Each statement is planned
 * once per connection and its first run costs several warm ones; every browse shape had come in
 * three, one per page.
 */
export const PAGE_WINDOW = 2;

/** Where a page lies: its window's rows (from the first match), the page's offset in them, and its size. */
export interface PageWindow {
  rows: number;
  offset: number;
  size: number;
}

export function pageWindow(f: Pick<BrowseFilters, 'page' | 'pageSize'>): PageWindow {
  const pages = f.page === 1 ? 1 : 1 + Math.ceil((f.page - 1) / PAGE_WINDOW) * PAGE_WINDOW;
  return { rows: pages * f.pageSize, offset: (f.page - 1) * f.pageSize, size: f.pageSize };
}

/**
 * The page of a window `rows` (found from its first row, at most `page.rows` of them), put in
 * `order` again (on `w`): the limit is written in, the offset a parameter. A parameter's offset is
 * estimated as a tenth of the rows, which here are the window's few: the walks inside keep the plans
 * their written limits give them.
 */
export function pageOf(rows: SQL, order: SQL, page: PageWindow): SQL {
  return sql`select * from (${rows}) w order by ${order} ${pageCut(page)}`;
}

/** The page's LIMIT and OFFSET, after rows put in order: the limit written in, the offset a value. */
export function pageCut(page: PageWindow): SQL {
  if (!Number.isSafeInteger(page.offset) || page.offset < 0) throw new Error(`An offset must be a whole number, not ${page.offset}`);
  return sql`limit ${rowCount(page.size)} offset ${page.offset}`;
}

/** The first `n` rows, as one window (the map's points). */
export const firstRows = (n: number): PageWindow => ({ rows: n, offset: 0, size: n });

/**
 * A row count written into the statement rather than sent as a parameter. PostgreSQL estimates a
 * parameter's LIMIT as a tenth of the rows, so a prepared browse with `limit $n` never trusted its
 * generic plan and was planned again on every request (measured: no generic plan ever used).
 */
export function rowCount(n: number): SQL {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`A row count must be a whole number, not ${n}`);
  return sql.raw(String(n));
}
