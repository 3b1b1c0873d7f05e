import { DEFAULT_CANCELLATION_POLICY, lineTotalPence, priceBasket, type CancellationPolicy, type PriceBreakdown } from '@toolshed/core';
import type { WheelbarrowLineState } from '@toolshed/core/contract';
import type { WheelbarrowCheck } from './check-wheelbarrow.ts';
import type { WheelbarrowLine } from './wheelbarrow-store.tsx';

/** 'unchecked': no answer from the server for these dates (yet, or ever in Mock Data mode). */
export type LineState = WheelbarrowLineState['state'] | 'unchecked';

export interface CheckedLine {
  itemId: string;
  name: string;
  imageUrl: string | null;
  dailyRatePence: number;
  weeklyRatePence: number | null;
  /** The refundable deposit held on the card at checkout (0: none; unknown until the server answers). */
  depositPence: number;
  bookingMode: 'instant' | 'request';
  cancellationPolicy: CancellationPolicy;
  startDate: string;
  endDate: string;
  days: number;
  lineTotalPence: number;
  state: LineState;
  /** Why a flagged line cannot be booked, in the server's words. */
  message: string | null;
  /** The user has booked this item on these dates already (in another tab, say). */
  bookedByYou: boolean;
  minDays: number | null;
  maxDays: number | null;
}

export function isFlagged(line: CheckedLine): boolean {
  return line.state === 'missing' || line.state === 'unavailable' || line.state === 'invalid';
}

/**
 * The saved lines with what the server said about them. The server's name, price and image win
 * over the saved copies; an answer given for other dates is ignored.
 */
export function mergeCheck(lines: readonly WheelbarrowLine[], check: WheelbarrowCheck | undefined): CheckedLine[] {
  return lines.map((line) => {
    const index =
      check?.asked.findIndex((a) => a.itemId === line.itemId && a.startDate === line.startDate && a.endDate === line.endDate) ?? -1;
    const found = index >= 0 ? check!.answer.lines[index] : undefined;
    const item = found?.item ?? null;
    const dailyRatePence = item?.dailyRatePence ?? line.dailyRatePence;
    const weeklyRatePence = (item ? item.weeklyRatePence : line.weeklyRatePence) ?? null;
    return {
      itemId: line.itemId,
      name: item?.name ?? line.name,
      imageUrl: item ? item.imageUrl : line.imageUrl,
      dailyRatePence,
      weeklyRatePence,
      depositPence: item?.depositPence ?? 0,
      bookingMode: item?.bookingMode ?? line.bookingMode ?? 'instant',
      cancellationPolicy: item?.cancellationPolicy ?? line.cancellationPolicy ?? DEFAULT_CANCELLATION_POLICY,
      startDate: line.startDate,
      endDate: line.endDate,
      days: line.days,
      lineTotalPence: lineTotalPence(dailyRatePence, line.days, weeklyRatePence),
      state: found?.state ?? 'unchecked',
      message: found?.message ?? null,
      bookedByYou: found?.bookedByYou ?? false,
      minDays: item?.minDays ?? null,
      maxDays: item?.maxDays ?? null,
    };
  });
}

/** The price of the lines that can still be booked, with the same function the server charges with. */
export function priceOfBookable(lines: readonly CheckedLine[]): PriceBreakdown {
  return priceBasket(lines.filter((l) => !isFlagged(l)));
}
