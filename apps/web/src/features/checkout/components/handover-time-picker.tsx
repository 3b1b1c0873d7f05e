import { formatDate } from '@toolshed/core';
import { useEffect } from 'react';
import type { LineDates } from '../../../data/check-wheelbarrow.ts';
import { useHandoverChoices } from '../../../data/handover-choices.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { useHandoverSlots } from '../api/get-handover-slots.ts';

const selectClass = 'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900';

function TimeSelect(props: { id: string; label: string; slots: string[]; value: string | undefined; onChange: (time: string) => void }) {
  if (props.slots.length === 0)
    return <p className="text-sm text-amber-950">{props.label}: the owner has no handover times that day. Please choose other dates.</p>;
  return (
    <div>
      <label htmlFor={props.id} className="block text-sm font-medium text-slate-800">
        {props.label}
      </label>
      <select id={props.id} value={props.value ?? ''} onChange={(e) => props.onChange(e.target.value)} className={selectClass}>
        <option value="">Choose a time</option>
        {props.slots.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The pick-up time on the first day and the return time on the last, from the owner's handover hours (London time). */
export function HandoverTimePicker({ line, name }: { line: LineDates; name: string }) {
  const slots = useHandoverSlots(line.itemId, line.startDate, line.endDate);
  const { choiceOf, choose } = useHandoverChoices();
  const choice = choiceOf(line);
  const id = `handover-${line.itemId}`;
  const offered = slots.data;
  // Offered first: the earliest pick-up and the latest return, until the renter picks others (decision 038).
  useEffect(() => {
    if (!offered) return;
    if (!(choice.pickupTime && offered.pickup.includes(choice.pickupTime)) && offered.pickup[0]) choose(line, 'pickup', offered.pickup[0]);
    if (!(choice.returnTime && offered.return.includes(choice.returnTime)) && offered.return.at(-1))
      choose(line, 'return', offered.return.at(-1)!);
  }, [offered, choice.pickupTime, choice.returnTime, choose, line]);
  return (
    <fieldset className="mt-3 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-900">Handover times for {name} (London time)</legend>
      {slots.isPending && <p className="text-sm text-slate-700">Loading the owner&apos;s handover times...</p>}
      {slots.isError && <p className="text-sm text-red-800">{errorMessage(slots.error)}</p>}
      {slots.data && (
        <div className="grid gap-3 sm:grid-cols-2">
          <TimeSelect
            id={`${id}-pickup`}
            label={`Pick-up on ${formatDate(line.startDate)}`}
            slots={slots.data.pickup}
            value={choice.pickupTime}
            onChange={(t) => choose(line, 'pickup', t)}
          />
          <TimeSelect
            id={`${id}-return`}
            label={`Return on ${formatDate(line.endDate)}`}
            slots={slots.data.return}
            value={choice.returnTime}
            onChange={(t) => choose(line, 'return', t)}
          />
        </div>
      )}
    </fieldset>
  );
}
