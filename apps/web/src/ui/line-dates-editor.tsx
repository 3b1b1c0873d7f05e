import { isIsoDate, rangeProblem, todayInLondon, type IsoDate } from '@toolshed/core';
import { useId } from 'react';
import { FormField } from './form-parts.tsx';
import { useCheckedForm, type FieldProblems } from './use-checked-form.ts';

const inputClass = 'mt-1 block rounded-md border border-slate-400 bg-white px-2 py-1.5 text-slate-900 aria-[invalid=true]:border-red-700';

/** A wheelbarrow line as the editor needs it; the limits are null when its item is gone. */
export interface EditedLine {
  name: string;
  startDate: string;
  endDate: string;
  minDays: number | null;
  maxDays: number | null;
}

interface DatesValues {
  startDate: string;
  endDate: string;
}

/**
 * The booking-range rule of core (as the popup's button and checkout), worded for dates typed here and
 * said under the date to change: the start for a missing or past start, the end for the rest.
 */
function datesProblems(
  { startDate, endDate }: DatesValues,
  line: Pick<EditedLine, 'minDays' | 'maxDays'>,
  today: IsoDate,
): FieldProblems<DatesValues> {
  if (!isIsoDate(startDate)) return { startDate: 'Please choose a start date and an end date.' };
  if (!isIsoDate(endDate)) return { endDate: 'Please choose a start date and an end date.' };
  // A line whose item is gone has no limits left: only the dates themselves are checked.
  const limits = { minDays: line.minDays ?? 1, maxDays: line.maxDays ?? Number.POSITIVE_INFINITY };
  const problem = rangeProblem({ startDate, endDate }, limits, today);
  switch (problem?.kind) {
    case 'reversed':
      return { endDate: 'The end date must be on or after the start date.' };
    case 'past':
      return { startDate: 'The dates cannot start in the past.' };
    case 'too-short':
      return { endDate: `Minimum ${problem.minDays} days required` };
    case 'too-long':
      return { endDate: `Maximum ${problem.maxDays} days allowed` };
    default:
      return {};
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
  const idPrefix = useId();
  const today = todayInLondon();
  const form = useCheckedForm<DatesValues>({
    defaultValues: { startDate: line.startDate, endDate: line.endDate },
    check: (values) => datesProblems(values, line, today),
    idPrefix,
  });

  const onSubmit = form.submit(({ startDate, endDate }) => {
    onSave(startDate, endDate);
    onDone();
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={`New dates for ${line.name}`}
      className="flex flex-wrap items-start gap-3 pl-[4.75rem]"
    >
      <FormField id={form.id('startDate')} label="Start date" problem={form.problem('startDate')} announce>
        <input type="date" min={today} className={inputClass} {...form.field('startDate')} />
      </FormField>
      <FormField id={form.id('endDate')} label="End date" problem={form.problem('endDate')} announce>
        <input type="date" min={form.watch('startDate') || today} className={inputClass} {...form.field('endDate')} />
      </FormField>
      <div className="flex gap-3 self-end">
        <button type="submit" className="rounded-md bg-emerald-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-emerald-800">
          Save dates
        </button>
        <button type="button" onClick={onDone} className="rounded-md px-3 py-1.5 text-sm font-medium text-slate-800 underline">
          Cancel
        </button>
      </div>
    </form>
  );
}
