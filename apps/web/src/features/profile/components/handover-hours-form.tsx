import { useRef, useState } from 'react';
import { clockTime, handoverRangeProblems, MAX_RANGES_PER_DAY, parseClockTime, SLOT_MINUTES, WEEKDAY_NAMES } from '@toolshed/core';
import type { HandoverHoursRangeInput } from '@toolshed/core/contract';
import { errorMessage } from '../../../lib/api-error.ts';
import { FormAlert, FormSuccess, primaryButtonClass } from '../../../ui/form-parts.tsx';
import { ErrorState, StatusMessage } from '../../../ui/status-views.tsx';
import { useCheckedForm, type CheckedForm, type FieldProblems } from '../../../ui/use-checked-form.ts';
import { useHandoverHours, useSaveHandoverHours } from '../api/handover-hours.ts';

/** Monday first, as a week reads in the UK; the API counts from Sunday (0). */
const WEEK = [1, 2, 3, 4, 5, 6, 0];
const TIMES = Array.from({ length: 1440 / SLOT_MINUTES + 1 }, (_, i) => clockTime(i * SLOT_MINUTES));
const selectClass = 'rounded-md border border-slate-400 bg-white px-2 py-1.5 text-slate-900';
const smallButtonClass =
  'rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-60';

/** The form's values: each range's two times, named `w{weekday}-{n}-opens` and `w{weekday}-{n}-closes`. */
type HoursValues = Record<string, string>;
type Side = 'opens' | 'closes';
const key = (weekday: number, n: number, side: Side) => `w${weekday}-${n}-${side}`;
const KEY = /^w(\d)-(\d+)-(opens|closes)$/;
const minutesOf = (time: string | undefined) => (time === '24:00' ? 1440 : (parseClockTime(time ?? '') ?? -1));

/** The ranges the values hold, in the order of their keys, each with the key it came from. */
function rangesOf(values: HoursValues) {
  const found = new Map<string, { weekday: number; n: number }>();
  for (const name of Object.keys(values)) {
    const m = KEY.exec(name);
    if (m && values[name] !== undefined) found.set(`${m[1]}-${m[2]}`, { weekday: Number(m[1]), n: Number(m[2]) });
  }
  return [...found.values()]
    .sort((a, b) => WEEK.indexOf(a.weekday) - WEEK.indexOf(b.weekday) || a.n - b.n)
    .map(({ weekday, n }) => ({
      weekday,
      n,
      opens: values[key(weekday, n, 'opens')] ?? '',
      closes: values[key(weekday, n, 'closes')] ?? '',
    }));
}

/** The server's rule (core `handoverRangeProblems`), each problem under the time it is about. */
function hoursProblems(values: HoursValues): FieldProblems<HoursValues> {
  const ranges = rangesOf(values);
  const problems: FieldProblems<HoursValues> = {};
  const found = handoverRangeProblems(
    ranges.map((r) => ({ weekday: r.weekday, opensMinutes: minutesOf(r.opens), closesMinutes: minutesOf(r.closes) })),
  );
  for (const p of found) {
    const r = ranges[p.index]!;
    problems[key(r.weekday, r.n, p.field)] ??= p.message;
  }
  return problems;
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
  // Each weekday's ranges by number; a removed range's times leave the form's values with it.
  const [days, setDays] = useState<Record<number, number[]>>(() =>
    Object.fromEntries(WEEK.map((weekday) => [weekday, ranges.flatMap((r, n) => (r.weekday === weekday ? [n] : []))])),
  );
  const next = useRef(ranges.length);
  const [done, setDone] = useState(false);
  const save = useSaveHandoverHours();
  const form = useCheckedForm<HoursValues>({
    defaultValues: Object.fromEntries(
      ranges.flatMap((r, n) => [
        [key(r.weekday, n, 'opens'), r.opens],
        [key(r.weekday, n, 'closes'), r.closes],
      ]),
    ),
    check: hoursProblems,
    idPrefix: 'hours',
  });

  function add(weekday: number) {
    const n = next.current++;
    const before = days[weekday]!.map((m) => minutesOf(form.getValues(key(weekday, m, 'closes'))));
    // A new range starts where the day's last one ends (or at 08:00), an hour long where the day allows.
    const from = Math.min(Math.max(8 * 60, ...before), 1440 - SLOT_MINUTES);
    form.setValue(key(weekday, n, 'opens'), clockTime(from));
    form.setValue(key(weekday, n, 'closes'), clockTime(Math.min(from + 60, 1440)));
    setDays((d) => ({ ...d, [weekday]: [...d[weekday]!, n] }));
  }

  function remove(weekday: number, n: number) {
    form.unregister([key(weekday, n, 'opens'), key(weekday, n, 'closes')]);
    setDays((d) => ({ ...d, [weekday]: d[weekday]!.filter((m) => m !== n) }));
  }

  const onSubmit = form.submit((values) => {
    setDone(false);
    const chosen = rangesOf(values).map(({ weekday, opens, closes }) => ({ weekday, opens, closes }));
    return save.mutateAsync(chosen).then(
      () => setDone(true),
      (error: unknown) => form.serverError(error),
    );
  });

  return (
    <section aria-labelledby="handover-hours-heading" className="space-y-4 border-t border-slate-200 pt-6">
      <h2 id="handover-hours-heading" className="text-xl font-semibold text-slate-900">
        Handover hours
      </h2>
      <p className="text-slate-700">
        When renters can pick up your items and bring them back (London time). At checkout they choose a time in these hours, every half
        hour. A day can have up to {MAX_RANGES_PER_DAY} ranges, for example 08:00 to 10:00 and 17:00 to 19:00; a day without any has no
        handovers. {isDefault && 'You have not set any yet, so 08:00 to 20:00 every day applies.'} With no hours on any day, the default
        applies.
      </p>
      <div role="status">{done && <FormSuccess>Your handover hours have been saved.</FormSuccess>}</div>
      {form.failure && <FormAlert>{form.failure}</FormAlert>}
      <form noValidate onSubmit={onSubmit} aria-label="Handover hours" className="space-y-2">
        {WEEK.map((weekday) => (
          <DayHours
            key={weekday}
            form={form}
            weekday={weekday}
            own={days[weekday]!}
            onAdd={() => add(weekday)}
            onRemove={(n) => remove(weekday, n)}
          />
        ))}
        <button type="submit" disabled={save.isPending} className={primaryButtonClass}>
          Save handover hours
        </button>
      </form>
    </section>
  );
}

/** One weekday's ranges (`own`, by number), each with its Remove, and Add hours. */
function DayHours(props: { form: CheckedForm<HoursValues>; weekday: number; own: number[]; onAdd(): void; onRemove(n: number): void }) {
  const { form, weekday, own } = props;
  const day = WEEKDAY_NAMES[weekday]!;
  return (
    <fieldset className="border-b border-slate-100 py-2">
      <legend className="font-medium text-slate-800">{day}</legend>
      {own.length === 0 && <p className="text-sm text-slate-600">No handovers on {day}s.</p>}
      <ul className="space-y-1">
        {own.map((n, i) => (
          <RangeRow
            key={n}
            form={form}
            label={`${day}, range ${i + 1}`}
            opensName={key(weekday, n, 'opens')}
            closesName={key(weekday, n, 'closes')}
            onRemove={() => props.onRemove(n)}
          />
        ))}
      </ul>
      <button type="button" onClick={props.onAdd} disabled={own.length >= MAX_RANGES_PER_DAY} className={`${smallButtonClass} mt-1`}>
        Add hours on {day}
      </button>
    </fieldset>
  );
}

function RangeRow(props: { form: CheckedForm<HoursValues>; label: string; opensName: string; closesName: string; onRemove: () => void }) {
  const { form, label, opensName, closesName } = props;
  const problems = [opensName, closesName].flatMap((name) => {
    const problem = form.problem(name);
    return problem ? [{ name, problem }] : [];
  });
  const timeSelect = (name: string, word: string, times: string[]) => {
    const { defaultValue, ...field } = form.field(name);
    const id = form.id(name);
    return (
      <label htmlFor={id} className="text-sm text-slate-700">
        {word} <span className="sr-only">({label})</span>
        <select {...field} defaultValue={defaultValue ?? form.getValues(name)} className={selectClass}>
          {times.map((t) => (
            <option key={t}>{t}</option>
          ))}
        </select>
      </label>
    );
  };
  return (
    <li>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {timeSelect(opensName, 'From', TIMES.slice(0, -1))}
        {timeSelect(closesName, 'to', TIMES.slice(1))}
        <button type="button" onClick={props.onRemove} className={smallButtonClass}>
          Remove <span className="sr-only">{label}</span>
        </button>
      </div>
      {problems.map(({ name, problem }) => (
        <p key={name} id={`${form.id(name)}-error`} className="mt-1 text-sm text-red-800">
          {problem}
        </p>
      ))}
    </li>
  );
}
