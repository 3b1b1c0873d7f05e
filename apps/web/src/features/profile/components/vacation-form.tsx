import { useState, type FormEvent } from 'react';
import { addDays, compareDates, formatDate, isIsoDate, todayInLondon } from '@toolshed/core';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { fieldA11y, FormAlert, FormField, FormSuccess, inputClass, primaryButtonClass } from '../../../ui/form-parts.tsx';
import { useSetVacation } from '../api/vacation.ts';

/** Vacation mode: while on, the user's items cannot be booked for days up to the end date. */
export function VacationForm({ until }: { until: string | null }) {
  const today = todayInLondon();
  const [date, setDate] = useState(until ?? addDays(today, 7));
  const [problem, setProblem] = useState<string | undefined>();
  const [done, setDone] = useState<string | null>(null);
  const save = useSetVacation();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    if (!isIsoDate(date)) return setProblem('Please choose the date you are back.');
    if (compareDates(date, today) < 0) return setProblem('The end date cannot be in the past.');
    setProblem(undefined);
    save.mutate(date, {
      onSuccess: () => setDone(`Vacation mode is on until ${formatDate(date)}.`),
      onError: (error) => setProblem(error instanceof ApiError && error.status === 400 ? error.message : undefined),
    });
  }

  return (
    <section aria-labelledby="vacation-heading" className="space-y-4 border-t border-slate-200 pt-6">
      <h2 id="vacation-heading" className="text-xl font-semibold text-slate-900">
        Vacation mode
      </h2>
      <p className="text-slate-700">
        {until ? (
          <>
            <strong>On</strong> until {formatDate(until)}: renters cannot book your items for days up to then. It ends by itself after that
            day.
          </>
        ) : (
          'Off. Going away? Switch it on and renters cannot book your items until you are back.'
        )}
      </p>
      <div role="status">{done && <FormSuccess>{done}</FormSuccess>}</div>
      {save.isError && !problem && <FormAlert>{errorMessage(save.error)}</FormAlert>}
      <form noValidate onSubmit={onSubmit} aria-label="Vacation mode" className="flex max-w-md flex-wrap items-end gap-3">
        <FormField id="vacation-until" label="Away until (last day)" problem={problem}>
          <input
            id="vacation-until"
            type="date"
            min={today}
            value={date}
            onChange={(e) => setDate(e.target.value)}
            className={inputClass}
            {...fieldA11y('vacation-until', problem)}
          />
        </FormField>
        <button type="submit" disabled={save.isPending} className={primaryButtonClass}>
          {until ? 'Change end date' : 'Switch vacation mode on'}
        </button>
        {until && (
          <button
            type="button"
            disabled={save.isPending}
            onClick={() => save.mutate(null, { onSuccess: () => setDone('Vacation mode is off.') })}
            className="rounded-md border border-slate-400 bg-white px-4 py-2 font-medium text-slate-800 hover:bg-slate-100"
          >
            Switch off
          </button>
        )}
      </form>
    </section>
  );
}
