import { addDays, roundedMiles, type ExtensionPrice } from '@toolshed/core';
import { isRowId } from '../../../db/ids.ts';
import { notFound, takenMessage, type ExtensionKit } from './extension-kit.ts';

interface SimilarItem {
  id: string;
  name: string;
  dailyRatePence: number;
  city: string | null;
  distanceMiles: number | null;
}

export interface ExtensionQuote {
  endDate: string;
  /** Why it cannot be extended to that date; null when it can. */
  problem: string | null;
  price: ExtensionPrice | null;
  /** The item is request to book: the owner accepts the extension first. */
  needsOwner: boolean;
  /** When the next days are booked: similar items nearby free on them. */
  suggestions: SimilarItem[];
}

/** Quoting an extension: its price, or why it cannot be, with similar free items when the days are booked. */
export function quoteExtension({ repo, extensions, now, assess, asRenter }: ExtensionKit) {
  /** What extending to `endDate` would cost, or why it cannot be, with similar free items when the days are booked. */
  return async function quote(rentalId: string, userId: string, endDate: string): Promise<ExtensionQuote> {
    if (!isRowId(rentalId)) throw notFound();
    const at = now();
    const row = asRenter(await repo.rentalFor(rentalId, userId), userId);
    const terms = await extensions.itemTerms(row.itemId);
    const needsOwner = terms.bookingMode === 'request';
    const { problem, price } = assess(row, terms, endDate, at);
    if (problem) return { endDate, problem, price: null, needsOwner, suggestions: [] };
    const from = addDays(row.endDate, 1);
    if (await extensions.daysFree({ itemId: row.itemId, rentalId, bufferDays: row.bufferDays }, from, endDate))
      return { endDate, problem: null, price, needsOwner, suggestions: [] };
    const similar = await extensions.similarFree({
      itemId: row.itemId,
      categoryId: terms.categoryId,
      renterId: userId,
      from,
      to: endDate,
      limit: 3,
    });
    return {
      endDate,
      problem: takenMessage(from, endDate),
      price: null,
      needsOwner,
      suggestions: similar.map((s) => ({
        id: s.id,
        name: s.name,
        dailyRatePence: s.dailyRatePence,
        city: s.city,
        distanceMiles: s.distanceM === null ? null : roundedMiles(s.distanceM),
      })),
    };
  };
}
