import { daysInclusive, formatDate, formatPence, linePriceParts, priceBasket } from '@toolshed/core';
import { Fragment } from 'react';
import type { PickedRange } from './range-selection.ts';

/**
 * What the chosen dates will cost: days x rate, the service fee and the total, priced by the same
 * core function as checkout so the two never disagree. A polite live region, so changes are read out.
 */
export function CostSummary({
  range,
  dailyRatePence,
  weeklyRatePence = null,
}: {
  range: PickedRange;
  dailyRatePence: number;
  weeklyRatePence?: number | null;
}) {
  return (
    <div aria-live="polite" className="text-sm text-slate-800">
      <CostText range={range} dailyRatePence={dailyRatePence} weeklyRatePence={weeklyRatePence} />
    </div>
  );
}

function CostText({
  range,
  dailyRatePence,
  weeklyRatePence,
}: {
  range: PickedRange;
  dailyRatePence: number;
  weeklyRatePence: number | null;
}) {
  const { startDate, endDate } = range;
  if (!startDate) return <p>Choose a start date, then an end date.</p>;
  if (!endDate) return <p>Start {formatDate(startDate)}. Now choose an end date.</p>;
  // A range from a hand-edited URL may come in reversed: never show a negative count.
  const days = Math.max(0, daysInclusive(startDate, endDate));
  const price = priceBasket([{ dailyRatePence, weeklyRatePence, days }]);
  const parts = linePriceParts(dailyRatePence, days, weeklyRatePence);
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
      <dt className="font-medium">Dates</dt>
      <dd className="text-right">
        {formatDate(startDate)} to {formatDate(endDate)}
      </dd>
      {parts.map((p) => (
        <Fragment key={p.unit}>
          <dt>
            {p.count} {p.count === 1 ? p.unit : `${p.unit}s`} × {formatPence(p.unitPence)}
          </dt>
          <dd className="text-right">{formatPence(p.amountPence)}</dd>
        </Fragment>
      ))}
      <dt>Service fee (10%)</dt>
      <dd className="text-right">{formatPence(price.serviceFeePence)}</dd>
      <dt className="border-t border-slate-300 pt-1 text-base font-semibold text-slate-900">Total</dt>
      <dd className="border-t border-slate-300 pt-1 text-right text-base font-semibold text-slate-900">{formatPence(price.totalPence)}</dd>
    </dl>
  );
}
