/**
 * Splits one checkout's service fee over its lines in proportion to their totals, in whole pence,
 * so that the shares always sum to the fee (largest remainder; ties go to the earlier line). A
 * cancelled line is refunded its share: the order of `lineTotals` must be the same every time it is
 * asked for one checkout (the API orders a payment's rentals by id).
 */
export function feeShares(feePence: number, lineTotals: readonly number[]): number[] {
  if (!Number.isSafeInteger(feePence) || feePence < 0) throw new RangeError('feePence must be a whole number >= 0');
  if (lineTotals.some((t) => !Number.isSafeInteger(t) || t < 0)) throw new RangeError('line totals must be whole numbers >= 0');
  if (lineTotals.length === 0) return [];
  const subtotal = lineTotals.reduce((a, b) => a + b, 0);
  if (subtotal === 0) {
    // Nothing to weigh by: equal shares.
    return feeShares(
      feePence,
      lineTotals.map(() => 1),
    );
  }
  const floors = lineTotals.map((t) => Math.floor((feePence * t) / subtotal));
  let left = feePence - floors.reduce((a, b) => a + b, 0);
  const byRemainder = lineTotals.map((t, i) => ({ i, rem: (feePence * t) % subtotal })).sort((a, b) => b.rem - a.rem || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left === 0) break;
    floors[i]! += 1;
    left -= 1;
  }
  return floors;
}
