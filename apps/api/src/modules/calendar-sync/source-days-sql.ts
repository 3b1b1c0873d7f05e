import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { calendarBlockedDays, items } from '../../db/schema.ts';

// The days a calendar source blocks, the items it covers, and what a change of its rows frees.

/** Days an item's calendar rows no longer block: the span of the rows removed (inclusive London dates). */
export interface UnblockedDays {
  itemId: string;
  ownerId: string;
  startDate: string;
  endDate: string;
}

/** The span of each item's blocked days among `before` that are not among `after` (whole rows compared). */
export function unblocked(ownerId: string, before: BlockedRow[], after: BlockedRow[]): UnblockedDays[] {
  const kept = new Set(after.map((r) => `${r.itemId}/${r.startDate}/${r.endDate}`));
  const spans = new Map<string, UnblockedDays>();
  for (const r of before) {
    if (kept.has(`${r.itemId}/${r.startDate}/${r.endDate}`)) continue;
    const span = spans.get(r.itemId);
    if (!span) spans.set(r.itemId, { itemId: r.itemId, ownerId, startDate: r.startDate, endDate: r.endDate });
    else {
      if (r.startDate < span.startDate) span.startDate = r.startDate;
      if (r.endDate > span.endDate) span.endDate = r.endDate;
    }
  }
  return [...spans.values()];
}

export interface BlockedRow {
  itemId: string;
  startDate: string;
  endDate: string;
}

export const blockedRowsOf = (tx: Executor, sourceId: string): Promise<BlockedRow[]> =>
  tx
    .select({ itemId: calendarBlockedDays.itemId, startDate: calendarBlockedDays.startDate, endDate: calendarBlockedDays.endDate })
    .from(calendarBlockedDays)
    .where(eq(calendarBlockedDays.sourceId, sourceId));

/** The listed or unlisted, not deleted, items a source covers. */
export async function coveredItems(tx: Executor, source: { ownerId: string; itemId: string | null }): Promise<string[]> {
  const rows = await tx
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.ownerId, source.ownerId), isNull(items.deletedAt), source.itemId ? eq(items.id, source.itemId) : undefined))
    .orderBy(asc(items.id));
  return rows.map((r) => r.id);
}
