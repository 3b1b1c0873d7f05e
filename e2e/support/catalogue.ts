import { addDays, compareDates, daysInclusive, isDateBooked, isRangeFree, todayInLondon, type DateRange } from '@toolshed/core';
import type { CategoriesResponse, ItemDetail, ItemSummary } from '@toolshed/core/contract';
import type { ApiReader } from './api.ts';

/** The seeded catalogue as the API reports it, read once per test file. */
export interface Catalogue {
  today: string;
  categories: CategoriesResponse;
  items: ItemSummary[];
  details: Map<string, ItemDetail>;
}

export async function loadCatalogue(api: ApiReader): Promise<Catalogue> {
  const categories = await api.categories();
  // Every page, in the browse's order, until all the catalogue's items are read.
  const items: ItemSummary[] = [];
  for (let n = 1; ; n++) {
    const page = await api.items('all', { pageSize: '100', page: String(n) });
    items.push(...page.items);
    if (page.items.length === 0 || items.length >= page.total) break;
  }
  if (items.length !== categories.totalItems)
    throw new Error(`Expected the whole catalogue, read ${items.length} of ${categories.totalItems} items`);
  const details = new Map<string, ItemDetail>();
  for (const item of items) details.set(item.id, await api.item(item.id));
  return { today: todayInLondon(), categories, items, details };
}

export function detailOf(catalogue: Catalogue, itemId: string): ItemDetail {
  const detail = catalogue.details.get(itemId);
  if (!detail) throw new Error(`No detail for item ${itemId}`);
  return detail;
}

export function namesOf(items: readonly { name: string }[]): string[] {
  return items.map((i) => i.name);
}

/** How far ahead to look for free dates: the seed books within the next couple of months. */
const SEARCH_DAYS = 180;

/** The first range of `length` days starting tomorrow or later that the item has free. */
export function firstFreeRange(detail: ItemDetail, length: number, today: string): DateRange | null {
  for (let offset = 1; offset <= SEARCH_DAYS; offset++) {
    const startDate = addDays(today, offset);
    const range = { startDate, endDate: addDays(startDate, length - 1) };
    if (isRangeFree(range, detail.bookedRanges)) return range;
  }
  return null;
}

/**
 * A range that starts the day before one of the item's bookings and ends the day after it, with
 * both ends free and a length inside the item's limits (so clamping leaves it as picked).
 */
export function rangeAcrossBooking(detail: ItemDetail, today: string): DateRange | null {
  for (const booking of detail.bookedRanges) {
    const startDate = addDays(booking.startDate, -1);
    const endDate = addDays(booking.endDate, 1);
    const days = daysInclusive(startDate, endDate);
    if (compareDates(startDate, today) <= 0) continue;
    if (isDateBooked(startDate, detail.bookedRanges) || isDateBooked(endDate, detail.bookedRanges)) continue;
    if (days >= detail.minDays && days <= detail.maxDays) return { startDate, endDate };
  }
  return null;
}

/** The first item satisfying `pick`, with a readable failure if the seed has none. */
export function findItem<T>(catalogue: Catalogue, what: string, pick: (detail: ItemDetail) => T | null): { detail: ItemDetail; found: T } {
  for (const item of catalogue.items) {
    const detail = detailOf(catalogue, item.id);
    const found = pick(detail);
    if (found !== null) return { detail, found };
  }
  throw new Error(`The seeded catalogue has no item that fits: ${what}`);
}
