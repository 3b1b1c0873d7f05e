/** Money is always integer pence. These are the only functions that turn pounds into pence and back. */

export const SERVICE_FEE_PERCENT = 10;

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** £1,234.50 style, for display only. */
export function formatPence(pence: number): string {
  return gbp.format(pence / 100);
}

/** Pounds (as typed or stored as a decimal) to whole pence, rounding half away from zero. */
export function poundsToPence(pounds: number): number {
  if (!Number.isFinite(pounds)) throw new RangeError('pounds must be a finite number');
  // Adding a tiny epsilon in the direction of the sign avoids 1.005 * 100 = 100.49999...
  return Math.round(pounds * 100 + Math.sign(pounds) * 1e-7);
}

/**
 * A rental line: the weekly price (when the item has one) per full week of the rental, the remaining
 * days at the daily rate; without a weekly price, daily rate times days.
 */
export function lineTotalPence(dailyRatePence: number, days: number, weeklyRatePence: number | null = null): number {
  assertWholeNonNegative(dailyRatePence, 'dailyRatePence');
  assertWholeNonNegative(days, 'days');
  if (weeklyRatePence === null) return dailyRatePence * days;
  assertWholeNonNegative(weeklyRatePence, 'weeklyRatePence');
  const weeks = Math.floor(days / 7);
  return weeks * weeklyRatePence + (days - weeks * 7) * dailyRatePence;
}

/** 10% of the subtotal rounded to whole pence (halves round up). Integer arithmetic only. */
export function serviceFeePence(subtotalPence: number): number {
  assertWholeNonNegative(subtotalPence, 'subtotalPence');
  return Math.floor((subtotalPence * SERVICE_FEE_PERCENT + 50) / 100);
}

export interface PriceLine {
  dailyRatePence: number;
  days: number;
  /** The item's price for a full week, if it has one. */
  weeklyRatePence?: number | null;
}

export interface PriceBreakdown {
  lines: number[];
  subtotalPence: number;
  serviceFeePence: number;
  totalPence: number;
}

/** The one place a basket is priced; the server charges exactly what this returns. */
export function priceBasket(lines: readonly PriceLine[]): PriceBreakdown {
  const lineTotals = lines.map((l) => lineTotalPence(l.dailyRatePence, l.days, l.weeklyRatePence ?? null));
  const subtotal = lineTotals.reduce((a, b) => a + b, 0);
  const fee = serviceFeePence(subtotal);
  return { lines: lineTotals, subtotalPence: subtotal, serviceFeePence: fee, totalPence: subtotal + fee };
}

function assertWholeNonNegative(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a whole number >= 0`);
}
