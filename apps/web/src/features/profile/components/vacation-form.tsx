import { useState } from 'react';
import { addDays, compareDates, formatDate, isIsoDate, todayInLondon } from '@toolshed/core';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { useCheckedForm } from '../../../ui/use-checked-form.ts';
import { FormAlert, FormField, FormSuccess, inputClass, primaryButtonClass } from '../../../ui/form-parts.tsx';
import { useSetVacation } from '../api/vacation.ts';

function vacationEndProblem(date: string, today: string): string | undefined {
  if (!isIsoDate(date)) return 'Please choose the date you are back.';
  if (compareDates(date, today) < 0) return 'The end date cannot be in the past.';
  return undefined;
}

/** Vacation mode: while on, the user's items cannot be booked for days up to the end date. */
export function VacationForm({ until }: { until: string | null }) {
  const today = todayInLondon();
  const form = useCheckedForm<{ until: string }>({
    defaultValues: { until: until ?? addDays(today, 7) },
    check: ({ until: date }) => ({ until: vacationEndProblem(date, today) }),
    idPrefix: 'vacation',
  });
  const [done, setDone] = useState<string | null>(null);
  const save = useSetVacation();
  const problem = form.problem('until');

  const onSubmit = form.submit(({ until: date }) => {
    setDone(null);
    return save.mutateAsync(date).then(
      () => setDone(`Vacation mode is on until ${formatDate(date)}.`),
      (error: unknown) => {
        // Any refusal of the date is about the one field; other failures show above the form.
        if (error instanceof ApiError && error.status === 400)
          form.setError('until', { type: 'server', message: error.message }, { shouldFocus: true });
      },
    );
  });

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
          <input type="date" min={today} className={inputClass} {...form.field('until')} />
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
