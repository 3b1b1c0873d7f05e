import { isIsoDate, rangeProblem, todayInLondon, type IsoDate } from '@toolshed/core';
import { useId, useState, type FormEvent } from 'react';

const inputClass = 'mt-1 block rounded-md border border-slate-400 bg-white px-2 py-1.5 text-slate-900 aria-[invalid=true]:border-red-700';

/** A wheelbarrow line as the editor needs it; the limits are null when its item is gone. */
export interface EditedLine {
  name: string;
  startDate: string;
  endDate: string;
  minDays: number | null;
  maxDays: number | null;
}

/** The booking-range rule of core (as the popup's button and checkout), worded for dates typed here. */
export function datesProblem(
  startDate: string,
  endDate: string,
  line: Pick<EditedLine, 'minDays' | 'maxDays'>,
  today: IsoDate,
): string | null {
  if (!isIsoDate(startDate) || !isIsoDate(endDate)) return 'Please choose a start date and an end date.';
  // A line whose item is gone has no limits left: only the dates themselves are checked.
  const limits = { minDays: line.minDays ?? 1, maxDays: line.maxDays ?? Number.POSITIVE_INFINITY };
  const problem = rangeProblem({ startDate, endDate }, limits, today);
  switch (problem?.kind) {
    case 'reversed':
      return 'The end date must be on or after the start date.';
    case 'past':
      return 'The dates cannot start in the past.';
    case 'too-short':
      return `Minimum ${problem.minDays} days required`;
    case 'too-long':
      return `Maximum ${problem.maxDays} days allowed`;
    default:
      return null;
  }
}

/**
 * New dates for one line: `onSave` gets them once they pass the rule. Whether they are free is the
 * server's answer, which follows at once.
 */
export function LineDatesEditor({
  line,
  onSave,
  onDone,
}: {
  line: EditedLine;
  onSave(startDate: string, endDate: string): void;
  onDone(): void;
}) {
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
    onSave(startDate, endDate);
    onDone();
  }

  const a11y = problem ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};
  return (
    <form noValidate onSubmit={onSubmit} aria-label={`New dates for ${line.name}`} className="flex flex-wrap items-end gap-3 pl-[4.75rem]">
      <div>
        <label htmlFor={`${id}-start`} className="block text-sm font-medium text-slate-800">
          Start date
        </label>
        <input
          id={`${id}-start`}
          type="date"
          min={today}
          value={startDate}
          onChange={(e) => setStartDate(e.target.value)}
          className={inputClass}
          {...a11y}
        />
      </div>
      <div>
        <label htmlFor={`${id}-end`} className="block text-sm font-medium text-slate-800">
          End date
        </label>
        <input
          id={`${id}-end`}
          type="date"
          min={startDate || today}
          value={endDate}
          onChange={(e) => setEndDate(e.target.value)}
          className={inputClass}
          {...a11y}
        />
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
