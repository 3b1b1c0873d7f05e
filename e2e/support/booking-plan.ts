import { DEFAULT_PAGE_SIZE, formatPence, isRangeFree, priceBasket, type DateRange, type PriceBreakdown } from '@toolshed/core';
import type { ItemDetail } from '@toolshed/core/contract';
import type { ApiReader } from './api.ts';
import { detailOf, firstFreeRange, namesOf, type Catalogue } from './catalogue.ts';

/** Two items of one category that the booking journeys rent, chosen from the seed at the start of the file. */
export interface BookingPlan {
  categoryId: string;
  /** Every item of the category, for reading the grid. */
  categoryNames: string[];
  first: ItemDetail;
  second: ItemDetail;
}

/** One wheelbarrow line as the journeys pick it: an item and free dates within its limits. */
export interface PlannedLine {
  item: ItemDetail;
  range: DateRange;
  days: number;
}

/** Two days where the item allows it, so a line is a real range and not a single click. */
export function rentalLength(item: Pick<ItemDetail, 'minDays' | 'maxDays'>): number {
  return Math.min(Math.max(item.minDays, 2), item.maxDays);
}

/**
 * A card is found by the start of its name, so an item whose name begins another item's name in the
 * same category could open the wrong popup.
 */
function nameIsDistinct(name: string, others: readonly string[]): boolean {
  return others.every((o) => o === name || (!o.startsWith(name) && !name.startsWith(o)));
}

/**
 * The first category with two items on its first grid page that can be rented and told apart, and
 * at least one more item, so a date filter that hides a booked item still lists something.
 */
export async function planBooking(api: ApiReader, catalogue: Catalogue): Promise<BookingPlan> {
  for (const category of catalogue.categories.categories) {
    const firstPage = await api.items(category.id, { pageSize: String(DEFAULT_PAGE_SIZE) });
    const names = namesOf(firstPage.items);
    if (firstPage.total < 3) continue;
    const rentable = firstPage.items
      .map((i) => detailOf(catalogue, i.id))
      .filter((d) => d.available && nameIsDistinct(d.name, names) && firstFreeRange(d, rentalLength(d), catalogue.today));
    const [first, second] = rentable;
    if (first && second) return { categoryId: category.id, categoryNames: names, first, second };
  }
  throw new Error('No category in the seeded catalogue has two rentable items with free dates and a third item');
}

/**
 * The item as the API shows it now (earlier journeys in the file may have booked it) with its first
 * free dates from tomorrow, so every journey rents dates nobody holds yet.
 */
export async function freshLine(api: ApiReader, item: ItemDetail, today: string): Promise<PlannedLine> {
  const detail = await api.item(item.id);
  const days = rentalLength(detail);
  const range = firstFreeRange(detail, days, today);
  if (!range) throw new Error(`${detail.name} has no free ${days}-day range in the next months`);
  return { item: detail, range, days };
}

/** What the app must charge for these lines, from the one pricing function. */
export function priceOf(lines: readonly PlannedLine[]): PriceBreakdown {
  return priceBasket(lines.map((l) => ({ dailyRatePence: l.item.dailyRatePence, days: l.days })));
}

/** The same amounts as the pages write them. */
export function shownPrices(lines: readonly PlannedLine[]) {
  const price = priceOf(lines);
  return {
    lines: price.lines.map(formatPence),
    subtotal: formatPence(price.subtotalPence),
    fee: formatPence(price.serviceFeePence),
    total: formatPence(price.totalPence),
  };
}

/** The order summary's rows as a reader sees them, before paying and after. */
export function orderSummaryRows(lines: readonly PlannedLine[]): Record<string, string> {
  const prices = shownPrices(lines);
  return { Subtotal: prices.subtotal, 'Service fee (10%)': prices.fee, Total: prices.total };
}

/** True while none of the item's current bookings overlaps `range`. */
export async function stillFree(api: ApiReader, itemId: string, range: DateRange): Promise<boolean> {
  return isRangeFree(range, (await api.item(itemId)).bookedRanges);
}
