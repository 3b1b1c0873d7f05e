/**
 * A rental line's price in words: each full week at the weekly price, the remaining days at the daily
 * rate ("1 week £40.00 + 2 days £16.00"). The one way every screen and email explains a line, so a
 * weekly price never reads as a wrong "9 days x £8.00".
 */
import { formatPence, lineTotalPence } from './money.ts';

export interface LinePricePart {
  unit: 'week' | 'day';
  count: number;
  /** The price of one week or one day. */
  unitPence: number;
  /** count x unitPence. */
  amountPence: number;
}

/** The parts of lineTotalPence(daily, days, weekly): they always add up to it. */
export function linePriceParts(dailyRatePence: number, days: number, weeklyRatePence: number | null = null): LinePricePart[] {
  const total = lineTotalPence(dailyRatePence, days, weeklyRatePence);
  const weeks = weeklyRatePence === null ? 0 : Math.floor(days / 7);
  const rest = days - weeks * 7;
  const parts: LinePricePart[] = [];
  if (weeks > 0) parts.push({ unit: 'week', count: weeks, unitPence: weeklyRatePence!, amountPence: weeks * weeklyRatePence! });
  if (rest > 0 || parts.length === 0)
    parts.push({ unit: 'day', count: rest, unitPence: dailyRatePence, amountPence: rest * dailyRatePence });
  if (parts.reduce((sum, p) => sum + p.amountPence, 0) !== total) throw new Error('price parts do not add up to the line total');
  return parts;
}

const partText = (p: LinePricePart) => `${p.count} ${p.unit}${p.count === 1 ? '' : 's'} ${formatPence(p.amountPence)}`;

/** "1 week £40.00 + 2 days £16.00"; without a weekly price (or under a week) "3 days £24.00". */
export function formatLinePrice(dailyRatePence: number, days: number, weeklyRatePence: number | null = null): string {
  return linePriceParts(dailyRatePence, days, weeklyRatePence).map(partText).join(' + ');
}
