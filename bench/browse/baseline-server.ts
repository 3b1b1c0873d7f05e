/**
 * The baseline: browsing as the prototype did it. Every request loads every item with its owner and
 * every blocking rental period from the database, then filters, sorts and pages in JavaScript.
 * Run as its own process by the browse benchmark: PORT, HOST and DATABASE_URL come from the env.
 */
import http from 'node:http';
import pg from 'pg';
import { ALL_CATEGORY_ID, ALL_ITEMS_CATEGORY, CATEGORIES, parseBrowseFilters, type DateRange, type RawBrowseFilters } from '@toolshed/core';
import type { ItemsPage } from '@toolshed/core/contract';
import { filterInMemory, reportedTotal, type BaselineItem } from './baseline-filter.ts';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

interface ItemRow {
  id: string;
  name: string;
  description: string;
  category_id: string;
  daily_rate_pence: number;
  min_days: number;
  max_days: number;
  city: string | null;
  listed: boolean;
  created_at: Date;
  owner_id: string;
  owner_name: string;
  owner_picture: string | null;
  owner_rating: number | null;
  owner_total_ratings: number;
  large_key: string | null;
  thumb_key: string | null;
}

async function loadEverything(): Promise<BaselineItem[]> {
  const [items, rentals] = await Promise.all([
    pool.query<ItemRow>(`
      select i.id, i.name, i.description, i.category_id, i.daily_rate_pence, i.min_days, i.max_days, i.city,
             i.deleted_at is null and i.available as listed, i.created_at,
             u.id as owner_id, u.name as owner_name, u.picture as owner_picture, u.rating as owner_rating,
             u.total_ratings as owner_total_ratings, img.large_key, img.thumb_key
      from items i join users u on u.id = i.owner_id
      left join item_images img on img.item_id = i.id and img.position = 0`),
    pool.query<{ item_id: string; start_date: string; end_date: string }>(`
      select item_id, to_char(start_date, 'YYYY-MM-DD') as start_date, to_char(end_date, 'YYYY-MM-DD') as end_date
      from rentals where not returned and cancelled_at is null`),
  ]);
  const booked = new Map<string, DateRange[]>();
  for (const r of rentals.rows) {
    const list = booked.get(r.item_id) ?? [];
    list.push({ startDate: r.start_date, endDate: r.end_date });
    booked.set(r.item_id, list);
  }
  return items.rows.map((r) => ({
    summary: {
      id: r.id,
      name: r.name,
      description: r.description,
      categoryId: r.category_id,
      dailyRatePence: r.daily_rate_pence,
      minDays: r.min_days,
      maxDays: r.max_days,
      city: r.city,
      owner: { id: r.owner_id, name: r.owner_name, picture: r.owner_picture, rating: r.owner_rating, totalRatings: r.owner_total_ratings },
      image: r.large_key && r.thumb_key ? { url: `/media/${r.large_key}`, thumbUrl: `/media/${r.thumb_key}`, alt: r.name } : null,
    },
    searchText: `${r.name} ${r.description}`.toLowerCase(),
    listed: r.listed,
    createdAtMs: r.created_at.getTime(),
    booked: booked.get(r.id) ?? [],
  }));
}

function send(res: http.ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) });
  res.end(json);
}

const ITEMS_PATH = /^\/api\/categories\/([^/]+)\/items$/;

async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname === '/api/health') return send(res, 200, { ok: true });
  const match = ITEMS_PATH.exec(url.pathname);
  if (req.method !== 'GET' || !match) return send(res, 404, { error: { code: 'NOT_FOUND', message: 'Not found' } });

  const categoryId = decodeURIComponent(match[1]!);
  const raw: RawBrowseFilters = Object.fromEntries(url.searchParams);
  const parsed = parseBrowseFilters(raw);
  if (!parsed.ok) return send(res, 400, { error: { code: 'VALIDATION', message: parsed.message, field: parsed.field } });
  const category = categoryId === ALL_CATEGORY_ID ? ALL_ITEMS_CATEGORY : CATEGORIES.find((c) => c.id === categoryId);
  if (!category) return send(res, 404, { error: { code: 'NOT_FOUND', message: 'Category not found' } });

  const page = filterInMemory(await loadEverything(), categoryId === ALL_CATEGORY_ID ? null : categoryId, parsed.value);
  const body: ItemsPage = {
    category: { id: category.id, name: category.name, description: category.description },
    ...reportedTotal(page.total, parsed.value),
    page: parsed.value.page,
    pageSize: parsed.value.pageSize,
    items: page.items,
  };
  send(res, 200, body);
}

const server = http.createServer((req, res) => {
  handle(req, res).catch((err: unknown) => {
    console.error(err);
    if (!res.headersSent) send(res, 500, { error: { code: 'INTERNAL', message: 'Something went wrong' } });
  });
});

const shutdown = () => {
  server.close();
  void pool.end().finally(() => process.exit(0));
};
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);

server.listen(Number(process.env.PORT ?? 3100), process.env.HOST ?? '127.0.0.1');
