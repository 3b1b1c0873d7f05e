import type { PriceBreakdown } from '@toolshed/core';
import { useWheelbarrowCheck } from './check-wheelbarrow.ts';
import { isFlagged, mergeCheck, priceOfBookable, type CheckedLine } from './checked-lines.ts';
import { useWheelbarrow } from './wheelbarrow-store.tsx';

export interface CheckedWheelbarrow {
  lines: CheckedLine[];
  flagged: CheckedLine[];
  /** Of the lines that are not flagged. */
  price: PriceBreakdown;
  /** Every line has the server's fresh answer and every answer is 'ok': checkout may go ahead. */
  bookable: boolean;
  /** The server is being asked (first time, or again after a change). */
  checking: boolean;
  error: Error | null;
  retry(): void;
}

/** The wheelbarrow as the screens show it: saved lines merged with the server's current view of them. */
export function useCheckedWheelbarrow(): CheckedWheelbarrow {
  const { lines: saved } = useWheelbarrow();
  const check = useWheelbarrowCheck(saved);
  const lines = mergeCheck(saved, check.data);
  return {
    lines,
    flagged: lines.filter(isFlagged),
    price: priceOfBookable(lines),
    bookable: lines.length > 0 && !check.isPlaceholderData && lines.every((l) => l.state === 'ok'),
    checking: check.isFetching,
    error: check.isError ? check.error : null,
    retry: () => void check.refetch(),
  };
}
