import { useState, type FormEvent } from 'react';
import { clockTime, SLOT_MINUTES, WEEKDAY_NAMES } from '@toolshed/core';
import type { HandoverHoursRangeInput } from '@toolshed/core/contract';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { FormAlert, FormSuccess, primaryButtonClass } from '../../../ui/form-parts.tsx';
import { ErrorState, StatusMessage } from '../../../ui/status-views.tsx';
import { useHandoverHours, useSaveHandoverHours } from '../api/handover-hours.ts';

/** Monday first, as a week reads in the UK; the API counts from Sunday (0). */
const WEEK = [1, 2, 3, 4, 5, 6, 0];
const TIMES = Array.from({ length: 1440 / SLOT_MINUTES + 1 }, (_, i) => clockTime(i * SLOT_MINUTES));
const selectClass = 'rounded-md border border-slate-400 bg-white px-2 py-1.5 text-slate-900 disabled:bg-slate-100 disabled:text-slate-500';

interface DayRow {
  open: boolean;
  opens: string;
  closes: string;
}

function rowsOf(ranges: HandoverHoursRangeInput[]): Record<number, DayRow> {
  return Object.fromEntries(
    WEEK.map((weekday) => {
      const r = ranges.find((x) => x.weekday === weekday);
      return [weekday, r ? { open: true, opens: r.opens, closes: r.closes } : { open: false, opens: '08:00', closes: '20:00' }];
    }),
  );
}

function DayHours({ weekday, row, onChange }: { weekday: number; row: DayRow; onChange: (row: DayRow) => void }) {
  const day = WEEKDAY_NAMES[weekday]!;
  const id = `hours-${weekday}`;
  return (
    <fieldset className="flex flex-wrap items-center gap-x-3 gap-y-1 py-1.5">
      <legend className="sr-only">{day}</legend>
      <label htmlFor={`${id}-open`} className="flex w-36 items-center gap-2 font-medium text-slate-800">
        <input
          id={`${id}-open`}
          type="checkbox"
          checked={row.open}
          onChange={(e) => onChange({ ...row, open: e.target.checked })}
          className="h-4 w-4"
        />
        {day}
      </label>
      <label htmlFor={`${id}-opens`} className="text-sm text-slate-700">
        From{' '}
        <select
          id={`${id}-opens`}
          value={row.opens}
          disabled={!row.open}
          onChange={(e) => onChange({ ...row, opens: e.target.value })}
          className={selectClass}
        >
          {TIMES.slice(0, -1).map((t) => (
            <option key={t}>{t}</option>
          ))}
        </select>
      </label>
      <label htmlFor={`${id}-closes`} className="text-sm text-slate-700">
        to{' '}
        <select
          id={`${id}-closes`}
          value={row.closes}
          disabled={!row.open}
          onChange={(e) => onChange({ ...row, closes: e.target.value })}
          className={selectClass}
        >
          {TIMES.slice(1).map((t) => (
            <option key={t}>{t}</option>
          ))}
        </select>
      </label>
    </fieldset>
  );
}

/** Handover hours: when renters may pick up and bring back the owner's items, per weekday (London time). */
export function HandoverHoursForm() {
  const hours = useHandoverHours();
  if (hours.isPending) return <StatusMessage>Loading your handover hours...</StatusMessage>;
  if (hours.isError)
    return (
      <ErrorState
        title="Your handover hours could not be loaded"
        message={errorMessage(hours.error)}
        onRetry={() => void hours.refetch()}
      />
    );
  return <HoursEditor ranges={hours.data.ranges} isDefault={hours.data.isDefault} />;
}

function HoursEditor({ ranges, isDefault }: { ranges: HandoverHoursRangeInput[]; isDefault: boolean }) {
  const [rows, setRows] = useState(() => rowsOf(ranges));
  const [done, setDone] = useState(false);
  const save = useSaveHandoverHours();
  const more = ranges.length > new Set(ranges.map((r) => r.weekday)).size;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setDone(false);
    const chosen = WEEK.flatMap((weekday) =>
      rows[weekday]!.open ? [{ weekday, opens: rows[weekday]!.opens, closes: rows[weekday]!.closes }] : [],
    );
    save.mutate(chosen.length > 0 ? chosen : [], { onSuccess: () => setDone(true) });
  }

  return (
    <section aria-labelledby="handover-hours-heading" className="space-y-4 border-t border-slate-200 pt-6">
      <h2 id="handover-hours-heading" className="text-xl font-semibold text-slate-900">
        Handover hours
      </h2>
      <p className="text-slate-700">
        When renters can pick up your items and bring them back (London time). At checkout they choose a time in these hours, every half
        hour. {isDefault && 'You have not set any yet, so 08:00 to 20:00 every day applies.'}
        {more && ' Days with more than one range keep only the first when you save here.'} With no day ticked, the default applies.
      </p>
      <div role="status">{done && <FormSuccess>Your handover hours have been saved.</FormSuccess>}</div>
      {save.isError && <FormAlert>{save.error instanceof ApiError ? save.error.message : errorMessage(save.error)}</FormAlert>}
      <form noValidate onSubmit={onSubmit} aria-label="Handover hours" className="space-y-2">
        {WEEK.map((weekday) => (
          <DayHours key={weekday} weekday={weekday} row={rows[weekday]!} onChange={(row) => setRows((r) => ({ ...r, [weekday]: row }))} />
        ))}
        <button type="submit" disabled={save.isPending} className={primaryButtonClass}>
          Save handover hours
        </button>
      </form>
    </section>
  );
}
