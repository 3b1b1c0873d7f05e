import { daysInclusive, formatDate, formatPence, lineTotalPence, type IsoDate } from '@toolshed/core';
import type { PickedRange } from './range-selection.ts';

/** Spells out the picked dates, the day count and the line total, as a polite live region. */
export function SelectionSummary({ range, dailyRatePence }: { range: PickedRange; dailyRatePence: number }) {
  return (
    <div aria-live="polite" className="text-sm text-slate-800">
      <SummaryText range={range} dailyRatePence={dailyRatePence} />
    </div>
  );
}

function SummaryText({ range, dailyRatePence }: { range: PickedRange; dailyRatePence: number }) {
  const { startDate, endDate } = range;
  if (!startDate) return <p>Choose a start date, then an end date.</p>;
  if (!endDate) return <p>Start {formatDate(startDate)}. Now choose an end date.</p>;
  const days = dayCount(startDate, endDate);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
      <dt className="font-medium">Dates</dt>
      <dd>
        {formatDate(startDate)} to {formatDate(endDate)}
      </dd>
      <dt className="font-medium">Length</dt>
      <dd>
        {days} {days === 1 ? 'day' : 'days'}
      </dd>
      <dt className="font-medium">Total</dt>
      <dd className="font-semibold">{formatPence(lineTotalPence(dailyRatePence, days))}</dd>
    </dl>
  );
}

/** A range from initialRange may come in reversed from a hand-edited URL; never show a negative count. */
function dayCount(start: IsoDate, end: IsoDate): number {
  return Math.max(0, daysInclusive(start, end));
}
