import { compareDates, daysInclusive, isIsoDate, todayInLondon } from '@toolshed/core';
import { useId, useState, type FormEvent } from 'react';
import type { CheckedLine } from '../checked-lines.ts';
import { useWheelbarrow } from '../wheelbarrow-store.tsx';

const inputClass = 'mt-1 block rounded-md border border-slate-400 bg-white px-2 py-1.5 text-slate-900 aria-[invalid=true]:border-red-700';

/** The same limits the popup's button names, for dates typed here. */
export function datesProblem(startDate: string, endDate: string, line: Pick<CheckedLine, 'minDays' | 'maxDays'>, today: string): string | null {
  if (!isIsoDate(startDate) || !isIsoDate(endDate)) return 'Please choose a start date and an end date.';
  if (compareDates(startDate, today) < 0) return 'The dates cannot start in the past.';
  if (compareDates(endDate, startDate) < 0) return 'The end date must be on or after the start date.';
  const days = daysInclusive(startDate, endDate);
  if (line.minDays !== null && days < line.minDays) return `Minimum ${line.minDays} days required`;
  if (line.maxDays !== null && days > line.maxDays) return `Maximum ${line.maxDays} days allowed`;
  return null;
}

/** New dates for one line. Whether they are free is the server's answer, which follows at once. */
export function LineDatesEditor({ line, onDone }: { line: CheckedLine; onDone(): void }) {
  const { updateDates } = useWheelbarrow();
  const id = useId();
  const [startDate, setStartDate] = useState(line.startDate);
  const [endDate, setEndDate] = useState(line.endDate);
  const [problem, setProblem] = useState<string | null>(null);
  const today = todayInLondon();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = datesProblem(startDate, endDate, line, today);
    setProblem(found);
    if (found) return;
    updateDates(line.itemId, startDate, endDate);
    onDone();
  }

  const a11y = problem ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};
  return (
    <form noValidate onSubmit={onSubmit} aria-label={`New dates for ${line.name}`} className="flex flex-wrap items-end gap-3 pl-[4.75rem]">
      <div>
        <label htmlFor={`${id}-start`} className="block text-sm font-medium text-slate-800">
          Start date
        </label>
        <input id={`${id}-start`} type="date" min={today} value={startDate} onChange={(e) => setStartDate(e.target.value)} className={inputClass} {...a11y} />
      </div>
      <div>
        <label htmlFor={`${id}-end`} className="block text-sm font-medium text-slate-800">
          End date
        </label>
        <input id={`${id}-end`} type="date" min={startDate || today} value={endDate} onChange={(e) => setEndDate(e.target.value)} className={inputClass} {...a11y} />
      </div>
      <button type="submit" className="rounded-md bg-emerald-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-emerald-800">
        Save dates
      </button>
      <button type="button" onClick={onDone} className="rounded-md px-3 py-1.5 text-sm font-medium text-slate-800 underline">
        Cancel
      </button>
      {problem && (
        <p id={`${id}-error`} role="alert" className="w-full text-sm text-red-800">
          {problem}
        </p>
      )}
    </form>
  );
}
