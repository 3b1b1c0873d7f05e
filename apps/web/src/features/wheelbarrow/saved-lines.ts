import type { SavedLine } from '@toolshed/core/contract';
import type { WheelbarrowLine } from '../../data/wheelbarrow-store.tsx';

/**
 * What the wheelbarrow holds after signing in: the account's saved lines first, then lines added on
 * this device while signed out (an item already saved keeps its saved dates).
 */
export function mergeSignedIn(saved: readonly SavedLine[], local: readonly WheelbarrowLine[]): WheelbarrowLine[] {
  const fromServer = saved.map(({ itemId, name, dailyRatePence, startDate, endDate, days, imageUrl }) => ({
    itemId,
    name,
    dailyRatePence,
    startDate,
    endDate,
    days,
    imageUrl,
  }));
  const known = new Set(fromServer.map((l) => l.itemId));
  return [...fromServer, ...local.filter((l) => !known.has(l.itemId))];
}

/** The part the server stores: items and dates. */
export function toSaved(lines: readonly WheelbarrowLine[]) {
  return lines.map(({ itemId, startDate, endDate }) => ({ itemId, startDate, endDate }));
}

export function sameLines(
  a: readonly { itemId: string; startDate: string; endDate: string }[],
  b: readonly { itemId: string; startDate: string; endDate: string }[],
): boolean {
  return (
    a.length === b.length && a.every((l, i) => l.itemId === b[i]!.itemId && l.startDate === b[i]!.startDate && l.endDate === b[i]!.endDate)
  );
}
