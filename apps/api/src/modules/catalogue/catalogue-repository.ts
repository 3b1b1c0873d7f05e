import { sql, type SQL } from 'drizzle-orm';
import type { BrowseFilters, DateRange } from '@toolshed/core';
import { searchWords } from '@toolshed/core';
import { queryRows, type Db } from '../../db/database.ts';

export interface CategoryRow {
  id: string;
  name: string;
  description: string;
  item_count: number;
}

export interface ItemSummaryRow {
  id: string;
  name: string;
  description: string;
  category_id: string;
  daily_rate_pence: number;
  min_days: number;
  max_days: number;
  city: string | null;
  owner_id: string;
  owner_name: string;
  owner_picture: string | null;
  owner_rating: number | null;
  owner_total_ratings: number;
  large_key: string | null;
  thumb_key: string | null;
}

export interface ItemDetailRow extends Omit<ItemSummaryRow, 'large_key' | 'thumb_key'> {
  category_name: string;
  available: boolean;
  address: string | null;
  postcode: string | null;
  latitude: number | null;
  longitude: number | null;
  location_approximate: boolean;
}

export interface ImageRow {
  large_key: string;
  thumb_key: string;
  position: number;
}

/** An item can be listed: not deleted and offered by its owner. */
const LISTED = sql`i.deleted_at is null and i.available`;

function escapeLike(word: string): string {
  return word.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Where to look: one category (or all), optionally one owner's items only. */
export interface BrowseScope {
  categoryId: string | null;
  ownerId?: string;
}

function whereFor(scope: BrowseScope, f: BrowseFilters): SQL {
  const parts: SQL[] = [LISTED];
  if (scope.categoryId) parts.push(sql`i.category_id = ${scope.categoryId}`);
  if (scope.ownerId) parts.push(sql`i.owner_id = ${scope.ownerId}`);
  if (f.maxPricePence !== undefined) parts.push(sql`i.daily_rate_pence <= ${f.maxPricePence}`);
  for (const word of searchWords(f.search)) parts.push(sql`i.search_text like ${`%${escapeLike(word)}%`}`);
  if (f.minRating !== undefined) parts.push(sql`u.rating >= ${f.minRating}`);
  if (f.startDate && f.endDate) {
    // Anti-join on the rentals exclusion index: free for every day of the range.
    parts.push(sql`not exists (
      select 1 from rentals r
      where r.item_id = i.id and not r.returned and r.cancelled_at is null
        and r.start_date <= ${f.endDate}::date and r.end_date >= ${f.startDate}::date)`);
  }
  return sql.join(parts, sql` and `);
}

export function createCatalogueRepository(db: Db) {
  return {
    async categoriesWithCounts(): Promise<CategoryRow[]> {
      const rows = await queryRows<CategoryRow>(db, sql`
        select c.id, c.name, c.description, coalesce(n.count, 0)::int as item_count
        from categories c
        left join (select i.category_id, count(*) as count from items i where ${LISTED} group by i.category_id) n
          on n.category_id = c.id
        order by c.position`);
      return rows;
    },

    async findCategory(id: string): Promise<Omit<CategoryRow, 'item_count'> | undefined> {
      const rows = await queryRows<Omit<CategoryRow, 'item_count'>>(db, sql`select id, name, description from categories where id = ${id}`);
      return rows[0];
    },

    async countItems(scope: BrowseScope, filters: BrowseFilters): Promise<number> {
      const rows = await queryRows<{ total: number }>(db, sql`
        select count(*)::int as total from items i join users u on u.id = i.owner_id
        where ${whereFor(scope, filters)}`);
      return rows[0]?.total ?? 0;
    },

    /** Newest first; the first image is looked up only for the page's rows. */
    async listItems(scope: BrowseScope, filters: BrowseFilters): Promise<ItemSummaryRow[]> {
      const offset = (filters.page - 1) * filters.pageSize;
      const rows = await queryRows<ItemSummaryRow>(db, sql`
        select p.*, img.large_key, img.thumb_key from (
          select i.id, i.name, i.description, i.category_id, i.daily_rate_pence, i.min_days, i.max_days, i.city,
                 u.id as owner_id, u.name as owner_name, u.picture as owner_picture,
                 u.rating as owner_rating, u.total_ratings as owner_total_ratings, i.created_at
          from items i join users u on u.id = i.owner_id
          where ${whereFor(scope, filters)}
          order by i.created_at desc nulls last, i.id desc nulls last
          limit ${filters.pageSize} offset ${offset}
        ) p
        left join lateral (
          select large_key, thumb_key from item_images where item_id = p.id order by position limit 1
        ) img on true
        order by p.created_at desc nulls last, p.id desc nulls last`);
      return rows;
    },

    async findItem(id: string): Promise<ItemDetailRow | undefined> {
      const rows = await queryRows<ItemDetailRow>(db, sql`
        select i.id, i.name, i.description, i.category_id, c.name as category_name, i.daily_rate_pence,
               i.min_days, i.max_days, i.available, i.address, i.city, i.postcode, i.latitude, i.longitude,
               i.location_approximate, u.id as owner_id, u.name as owner_name, u.picture as owner_picture,
               u.rating as owner_rating, u.total_ratings as owner_total_ratings
        from items i join users u on u.id = i.owner_id join categories c on c.id = i.category_id
        where i.id = ${id} and i.deleted_at is null`);
      return rows[0];
    },

    async itemImages(itemId: string): Promise<ImageRow[]> {
      const rows = await queryRows<ImageRow>(db, sql`select large_key, thumb_key, position from item_images where item_id = ${itemId} order by position`);
      return rows;
    },

    /** Ranges that block booking: unreturned, uncancelled, not yet over. */
    async bookedRanges(itemId: string, today: string): Promise<DateRange[]> {
      const rows = await queryRows<{ start_date: string; end_date: string }>(db, sql`
        select to_char(start_date, 'YYYY-MM-DD') as start_date, to_char(end_date, 'YYYY-MM-DD') as end_date
        from rentals
        where item_id = ${itemId} and not returned and cancelled_at is null and end_date >= ${today}::date
        order by start_date`);
      return rows.map((r) => ({ startDate: r.start_date, endDate: r.end_date }));
    },
  };
}

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
